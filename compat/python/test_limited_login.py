"""Limited Login's ID tokens from `understudy serve`, checked by PyJWT, a verifier written for
the real keys: the key comes from the served JWK set (`jwt.PyJWKClient`), the issuer from the
served discovery document, the audience is the app's id (docs/providers.md §7, "Validating the
Limited Login OIDC Token").

The server runs on a manual clock (compat/serve-understudy), so a token's `exp` is judged on the
server's clock: PyJWT compares it with the real clock, and the `leeway` passed is exactly the
distance between the two, read from `GET /__understudy/clock`.

Run by compat/run-python (which starts the server and sets UNDERSTUDY_URL).
"""

import json
import os
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime

import jwt

from understudy_compat import admin, answered, main

BASE = os.environ["UNDERSTUDY_URL"].rstrip("/")
APP_ID = "138483919580948"
USER_ID = "10160000000000001"


def get_json(path):
    with urllib.request.urlopen(BASE + path, timeout=10) as response:
        return json.loads(response.read())


def uninstall(token, app_id=APP_ID):
    """POSTs the form Meta documents for the uninstall endpoint; returns (status, JSON)."""
    form = urllib.parse.urlencode({"id_token": token, "app_id": app_id}).encode()
    request = urllib.request.Request(BASE + "/platform/uninstall/", data=form, method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class LimitedLogin(unittest.TestCase):
    def setUp(self):
        admin("POST", "/reset")
        self.discovery = get_json("/.well-known/openid-configuration/")
        self.keys = jwt.PyJWKClient(BASE + "/.well-known/oauth/openid/jwks/", cache_keys=False)

    def mint(self, nonce):
        return admin("POST", "/idtoken/facebook", {"nonce": nonce})["id_token"]

    def clock_offset(self):
        """How far the server's clock is behind the real one, in seconds."""
        now = admin("GET", "/clock")["now"]
        return time.time() - datetime.fromisoformat(now.replace("Z", "+00:00")).timestamp()

    def verify(self, token):
        key = self.keys.get_signing_key_from_jwt(token)
        return jwt.decode(token, key.key, algorithms=["RS256"], audience=APP_ID, issuer=self.discovery["issuer"],
                          leeway=self.clock_offset(), options={"require": ["exp", "iat", "iss", "aud", "sub", "jti", "nonce"]})

    def test_discovery_and_keys(self):
        self.assertEqual(self.discovery["issuer"], "https://www.facebook.com")
        self.assertIn("RS256", self.discovery["id_token_signing_alg_values_supported"])
        jwks = get_json("/.well-known/oauth/openid/jwks/")
        self.assertEqual(len(jwks["keys"]), 1)
        key = jwt.PyJWK(jwks["keys"][0])
        self.assertEqual((key.key_type, key.key_id, key.algorithm_name), ("RSA", jwks["keys"][0]["kid"], "RS256"))
        self.assertEqual(key.key.key_size, 2048)

    def test_a_minted_token_verifies_and_carries_the_nonce(self):
        claims = self.verify(self.mint("compat-nonce-1"))
        self.assertEqual(claims["nonce"], "compat-nonce-1")
        self.assertEqual((claims["sub"], claims["aud"]), (USER_ID, APP_ID))
        self.assertEqual(claims["exp"] - claims["iat"], 3600)

    def test_a_changed_byte_is_refused(self):
        token = self.mint("compat-nonce-2")
        header, payload, signature = token.split(".")
        # A changed claim: refused, as a bad signature or (when the JSON breaks) as undecodable.
        flipped = "A" if payload[10] != "A" else "B"
        with self.assertRaises(jwt.InvalidTokenError):
            self.verify(".".join([header, payload[:10] + flipped + payload[11:], signature]))
        middle = len(signature) // 2
        flipped = "A" if signature[middle] != "A" else "B"
        with self.assertRaises(jwt.InvalidSignatureError):
            self.verify(".".join([header, payload, signature[:middle] + flipped + signature[middle + 1:]]))

    def test_a_token_for_another_app_is_refused(self):
        token = admin("POST", "/idtoken/facebook", {"nonce": "n", "claims": {"aud": "another-app"}})["id_token"]
        with self.assertRaises(jwt.InvalidAudienceError):
            self.verify(token)

    def test_uninstall_ends_the_session(self):
        token = self.mint("compat-nonce-3")
        self.assertEqual(uninstall(token), (200, {"success": True}))
        self.assertEqual(admin("GET", "/idtoken/facebook")["uninstalledUsers"], [USER_ID])
        status, body = uninstall(token)
        self.assertEqual((status, body["error"]["code"], body["error"]["error_subcode"]), (400, 190, 458))
        self.assertEqual(answered()[-2:], ["facebook: limitedLoginUninstalled (user uninstalled)",
                                      "facebook: limitedLoginAlreadyUninstalled (its user was uninstalled already)"])
        journal = json.dumps(admin("GET", "/journal"))
        self.assertNotIn(token.split(".")[2], journal)

    # Last: it moves the server's clock an hour on (run-python runs this suite last).
    def test_zz_an_expired_token_is_refused(self):
        token = self.mint("compat-nonce-4")
        self.verify(token)
        admin("POST", "/clock", {"advanceSeconds": 3600})
        with self.assertRaises(jwt.ExpiredSignatureError):
            self.verify(token)
        self.assertEqual(uninstall(token)[0], 400)


if __name__ == "__main__":
    main()
