#!/usr/bin/env python3
"""Development aid: checks the provider packs in contracts/ and the fixtures in fixtures/ against each other.

`understudy verify` (Swift, in UnderstudyCore's contract engine) will replace this script; until then it
is how pack authors see whether a change to a pack breaks a fixture, and the reverse. It reads the pack
format in docs/contracts.md, using only what it needs of it:

  pack      x-understudy is consistent: the error names it uses exist, behaviours name real operations,
            every path falls under a route, no two packs share a route, the canonical test credentials
            of docs/contracts.md fit the credential pattern (and rejected values do too).
  errors    every error answer an operation can give (root `errors` overlaid with its
            `x-understudy-errors`) is declared among the operation's responses for its status, with its
            media type, and its JSON validates against that response's schema.
  fixtures  each fixture's method + path (a Graph version prefix removed) finds an operation; its query
            conditions meet the parameters' types, enums, ranges, `required` and the operation's rules
            (values written as {"matches"} or {"present"} are taken as present, value unknown); a request
            that breaks the contract must be answered with exactly the pack's invalid-request error; the
            response (inline `json` or a `file` body) validates against the schema for its status.

Usage: scripts/check-fixtures-against-contracts.py [--contracts DIR] [--fixtures DIR] [-v]
Needs the jsonschema package (it comes with openapi-spec-validator). Exits 1 on any problem.
"""

import argparse
import copy
import glob
import json
import os
import re
import sys

try:
    import jsonschema
except ImportError:  # pragma: no cover
    sys.exit("jsonschema is missing: run scripts/python-tools, or pip install jsonschema")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNVERIFIED = "x-understudy-unverified"
METHODS = ("get", "post", "put", "delete", "patch", "head", "options")

# Canonical test credentials (docs/contracts.md): values that must fit each pack's credential pattern.
# Fixtures may write canonical values literally (they are plainly fake); any other secret must be a pattern.
CANONICAL_INVALID = {"not-a-token"}
CANONICAL_VALID = {
    "yelp": ["FAKE-understudy-yelp-api-key"],
    "google": ["AIzaFAKE-understudy-test-key-0000000000"],
    "facebook": ["EAAUnderstudyLongLivedToken", "EAAUnderstudyShortLivedToken", "138483919580948|FAKE-understudy-app-secret"],
}


class Report:
    def __init__(self, verbose):
        self.problems = []
        self.warnings = []
        self.verbose = verbose

    def problem(self, where, text):
        self.problems.append(f"{where}: {text}")

    def warn(self, where, text):
        self.warnings.append(f"{where}: {text}")

    def info(self, text):
        if self.verbose:
            print(text)


# ----------------------------------------------------------------------------------------------
# Packs


class Pack:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path).split(".")[0]
        with open(path, encoding="utf-8") as f:
            self.doc = json.load(f)
        self.x = self.doc.get("x-understudy", {})
        self.operations = []  # (method, template, regex, op, path_item)
        for template, item in self.doc.get("paths", {}).items():
            for method in METHODS:
                if method in item:
                    self.operations.append((method.upper(), template, template_regex(template), item[method], item))
        # exact paths before templates, fewer placeholders first
        self.operations.sort(key=lambda o: (o[1].count("{"), o[1]))

    def resolve(self, node):
        seen = 0
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#/"):
                raise ValueError(f"only local $refs are supported: {ref}")
            node = self.doc
            for part in ref[2:].split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            seen += 1
            if seen > 20:
                raise ValueError(f"$ref loop at {ref}")
        return node

    def validator(self, schema):
        root = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": self.doc.get("components", {}), "allOf": [schema]}
        return jsonschema.Draft202012Validator(root)

    def validate(self, schema, instance):
        errors = sorted(self.validator(schema).iter_errors(instance), key=lambda e: list(e.absolute_path))
        return [f"{json_path(e.absolute_path)}: {shorten(e.message)}" for e in errors]

    def parameters(self, op, item):
        params = {}
        for p in item.get("parameters", []) + op.get("parameters", []):
            p = self.resolve(p)
            params[(p["name"], p["in"])] = p
        return params

    def security(self, op):
        sec = op.get("security", self.doc.get("security", []))
        if not sec or not sec[0]:
            return None
        name = next(iter(sec[0]))
        return self.resolve(self.doc["components"]["securitySchemes"][name])

    def errors_for(self, op):
        merged = dict(self.x.get("errors", {}))
        merged.update(op.get("x-understudy-errors", {}))
        return merged

    def response_for(self, op, status):
        responses = op.get("responses", {})
        for key in (str(status), f"{str(status)[0]}XX", "default"):
            if key in responses:
                return key, self.resolve(responses[key])
        return None, None

    def find_operation(self, method, path):
        for m, template, regex, op, item in self.operations:
            if m == method and regex.fullmatch(path):
                return template, op, item
        return None, None, None

    def strip_version(self, path):
        pattern = self.x.get("pathVersion")
        if pattern:
            return re.sub(pattern, "", path, count=1)
        return path


def template_regex(template):
    out, pos = "", 0
    for m in re.finditer(r"\{([^}/]+)\}", template):
        out += re.escape(template[pos:m.start()]) + f"(?P<{re.sub(r'[^A-Za-z0-9_]', '_', m.group(1))}>[^/]+)"
        pos = m.end()
    return re.compile(out + re.escape(template[pos:]))


def shorten(text, limit=240):
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def json_path(parts):
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def media_base(value):
    return (value or "").split(";")[0].strip().lower()


def header(headers, name):
    for k, v in (headers or {}).items():
        if k.lower() == name.lower():
            return v
    return None


# ----------------------------------------------------------------------------------------------
# Query values: text → the schema's type (docs/contracts.md: values are converted before checking)


class ConversionError(Exception):
    pass


def convert(text, schema, pack, param=None):
    schema = pack.resolve(schema)
    types = schema.get("type", "string")
    types = types if isinstance(types, list) else [types]
    for t in types:
        try:
            if t == "array":
                sep = (param or {}).get("x-understudy-separator", ",")
                return [convert(part, schema.get("items", {}), pack) for part in text.split(sep)]
            if t == "integer" and re.fullmatch(r"-?[0-9]+", text):
                return int(text)
            if t == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", text):
                return float(text) if re.search(r"[.eE]", text) else int(text)
            if t == "boolean" and text in ("true", "false"):
                return text == "true"
            if t == "string":
                return text
            if t == "null" and text == "":
                return None
        except ConversionError:
            pass
    raise ConversionError(f"{text!r} is not of type {'/'.join(types)}")


def plainly_fake(value):
    return "FAKE" in value or "Understudy" in value or value in CANONICAL_INVALID


def condition_state(cond):
    """A fixture condition → ('known', [texts]) | ('unknown', None) | ('absent', None)."""
    if isinstance(cond, dict):
        if cond.get("absent") is True:
            return ("absent", None)
        return ("unknown", None)  # {"matches": …} or {"present": true}
    if isinstance(cond, list):
        return ("known", [text_of(v) for v in cond])
    return ("known", [text_of(cond)])


def text_of(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


# ----------------------------------------------------------------------------------------------
# Pack checks


def check_pack(pack, all_packs, report):
    where = f"contracts/{os.path.basename(pack.path)}"
    x = pack.x
    if x.get("provider") != pack.name:
        report.problem(where, f"x-understudy.provider is {x.get('provider')!r}, expected {pack.name!r} (the file name)")
    errors = x.get("errors", {})
    op_ids = {}
    for method, template, _, op, item in pack.operations:
        oid = op.get("operationId")
        if not oid:
            report.problem(where, f"{method} {template}: no operationId")
        elif oid in op_ids:
            report.problem(where, f"operationId {oid} used twice")
        op_ids[oid] = (method, template, op, item)
        if not op.get("responses"):
            report.problem(where, f"{method} {template}: no responses declared")

    def need_error(name, what):
        if name is not None and name not in errors:
            report.problem(where, f"{what} names error {name!r}, which is not in x-understudy.errors")

    def need_op(name, what):
        if name not in op_ids:
            report.problem(where, f"{what} names operation {name!r}, which is not an operationId")

    cred = x.get("credential")
    if cred is not None:
        need_error(cred.get("missing"), "credential.missing")
        need_error(cred.get("invalid"), "credential.invalid")
        pattern = re.compile(cred.get("pattern", ".*"))
        for value in CANONICAL_VALID.get(pack.name, []):
            if not pattern.search(value):
                report.problem(where, f"the canonical credential {value!r} does not fit credential.pattern")
        for value in cred.get("rejected", []):
            if not pattern.search(value):
                report.problem(where, f"rejected credential {value!r} does not fit credential.pattern (it would be invalid anyway; a rejected value should be well-formed)")
    elif any(pack.security(op) for _, _, _, op, _ in pack.operations):
        report.problem(where, "operations need a credential but x-understudy.credential is null")
    if "invalidRequest" in x:
        need_error(x["invalidRequest"], "invalidRequest")
    for name, entry in errors.items():
        if not isinstance(entry, dict) or "status" not in entry or not (("json" in entry) ^ ("text" in entry)):
            report.problem(where, f"errors.{name}: needs status and exactly one of json, text")

    # routes
    routes = x.get("routes", [])
    for method, template, _, op, item in pack.operations:
        if not any(template == r or (r.endswith("/") and template.startswith(r)) for r in routes):
            report.problem(where, f"path {template} falls under none of the routes {routes}")
    for other in all_packs:
        if other is pack:
            continue
        for r in routes:
            for o in other.x.get("routes", []):
                if r == o:
                    report.problem(where, f"route {r} is also a route of {other.name}")
                elif r.startswith(o) or o.startswith(r):
                    report.warn(where, f"route {r} overlaps route {o} of {other.name}")

    # operations: rules, ignoreOthersWhen, per-operation errors
    for method, template, _, op, item in pack.operations:
        params = pack.parameters(op, item)
        names = {n for (n, _) in params}
        ow = op.get("x-understudy-ignoreOthersWhen")
        if ow is not None and ow not in names:
            report.problem(where, f"{op.get('operationId')}: x-understudy-ignoreOthersWhen names unknown parameter {ow}")
        for i, rule in enumerate(op.get("x-understudy-rules", [])):
            kinds = [k for k in ("anyOf", "notTogether", "forbidden", "sumAtMost") if k in rule]
            if len(kinds) != 1:
                report.problem(where, f"{op.get('operationId')}: rule {i} needs exactly one of anyOf, notTogether, forbidden, sumAtMost")
                continue
            used = set(rule.get("when", {}))
            val = rule[kinds[0]]
            used |= {p for g in val for p in g} if kinds[0] == "anyOf" else set(val)
            for p in used - names:
                report.problem(where, f"{op.get('operationId')}: rule {i} names unknown parameter {p}")
            if kinds[0] == "sumAtMost" and not isinstance(rule.get("max"), (int, float)):
                report.problem(where, f"{op.get('operationId')}: rule {i}: sumAtMost needs a numeric max")
            need_error(rule.get("error"), f"{op.get('operationId')} rule {i}")
        for name, entry in op.get("x-understudy-errors", {}).items():
            if not isinstance(entry, dict) or "status" not in entry or not (("json" in entry) ^ ("text" in entry)):
                report.problem(where, f"{op.get('operationId')}: x-understudy-errors.{name}: needs status and exactly one of json, text")

    # behaviours
    b = x.get("behaviours", {})
    if "quota" in b:
        need_error(b["quota"].get("exceeded"), "behaviours.quota.exceeded")
    if "pageTokens" in b:
        pt = b["pageTokens"]
        for oid in pt.get("operations", []):
            need_op(oid, "behaviours.pageTokens.operations")
            if oid in op_ids:
                _, _, op, item = op_ids[oid]
                if pt.get("parameter") not in {n for (n, _) in pack.parameters(op, item)}:
                    report.problem(where, f"behaviours.pageTokens.parameter {pt.get('parameter')} is not a parameter of {oid}")
        need_error(pt.get("tooEarly"), "behaviours.pageTokens.tooEarly")
        need_error(pt.get("unknown"), "behaviours.pageTokens.unknown")
    if "tokenExpiry" in b:
        te = b["tokenExpiry"]
        for issuer in te.get("issuers", []):
            need_op(issuer.get("operation"), "behaviours.tokenExpiry.issuers")
        need_error(te.get("expired"), "behaviours.tokenExpiry.expired")
        if "introspection" in te:
            need_op(te["introspection"].get("operation"), "behaviours.tokenExpiry.introspection")
        if cred is not None:
            for t in te.get("tokens", []):
                if not re.search(cred.get("pattern", ".*"), t.get("token", "")):
                    report.problem(where, f"tokenExpiry token {t.get('token')!r} does not fit credential.pattern")
    if "conditionalGet" in b:
        for oid in b["conditionalGet"].get("operations", []):
            need_op(oid, "behaviours.conditionalGet.operations")

    # x-understudy-unverified: a non-empty string, never a key of a map keyed by names
    def walk(node, path, name_map):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == UNVERIFIED:
                    if name_map:
                        report.problem(where, f"{path}: {UNVERIFIED} inside a map keyed by names; put it in the entry instead")
                    if not isinstance(v, str) or not v.strip():
                        report.problem(where, f"{path}.{k}: must be a non-empty string")
                    continue
                walk(v, f"{path}.{k}", k in ("errors", "x-understudy-errors", "headers", "set", "whenExpired",
                                             "properties", "paths", "schemas", "responses", "securitySchemes"))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]", False)
    walk(pack.doc, "$", False)


def check_error_entries(pack, report):
    """Every error answer an operation can give must be one of its declared responses."""
    where = f"contracts/{os.path.basename(pack.path)}"
    x = pack.x
    root = x.get("errors", {})
    checked_somewhere = set()
    count = 0
    for method, template, _, op, item in pack.operations:
        oid = op.get("operationId")
        effective = pack.errors_for(op)
        own = set(op.get("x-understudy-errors", {}))
        params = pack.parameters(op, item)
        if pack.security(op):
            names = set(effective)
        else:
            names = set(own)
            can_fail = any(loc == "query" and parameter_can_fail(pack, p) for (_, loc), p in params.items()) \
                or op.get("x-understudy-rules")
            if can_fail and x.get("invalidRequest"):
                names.add(x["invalidRequest"])
        for name in sorted(names):
            if name not in effective:
                continue
            count += 1
            if name not in own:
                checked_somewhere.add(name)
            for text in check_entry(pack, op, effective[name]):
                report.problem(where, f"{oid} ({method} {template}): error {name}: {text}")
    for name in sorted(set(root) - checked_somewhere):
        entry = root[name]
        ops = [(m, t, op) for m, t, _, op, _ in pack.operations if pack.response_for(op, entry.get("status"))[1] is not None]
        if not ops:
            report.problem(where, f"error {name} (status {entry.get('status')}) is declared by no operation's responses")
        for m, t, op in ops:
            count += 1
            for text in check_entry(pack, op, entry):
                report.problem(where, f"{op.get('operationId')} ({m} {t}): error {name}: {text}")
    return count


ANNOTATIONS = {"description", "deprecated", "default", "format", UNVERIFIED}


def parameter_can_fail(pack, p):
    """A required parameter, or one whose schema constrains more than 'a string', can break the contract."""
    schema = pack.resolve(p.get("schema", {}))
    return bool(p.get("required")) or set(schema) - ANNOTATIONS != {"type"} or schema.get("type") != "string"


def check_entry(pack, op, entry):
    out = []
    status = entry.get("status")
    key, response = pack.response_for(op, status)
    if response is None:
        return [f"status {status} is not among the operation's responses {sorted(op.get('responses', {}))}"]
    media = media_base(header(entry.get("headers"), "Content-Type") or ("application/json" if "json" in entry else "text/plain"))
    content = response.get("content")
    if not content:
        return [f"response {key} declares no body, but the error has one"]
    if media not in {media_base(k) for k in content}:
        return [f"media type {media} is not declared for response {key} ({sorted(content)})"]
    if "json" in entry:
        schema = content[[k for k in content if media_base(k) == media][0]].get("schema", {})
        out += [f"json {e}" for e in pack.validate(schema, entry["json"])]
    return out


# ----------------------------------------------------------------------------------------------
# Fixtures


def render(value, placeholders):
    if isinstance(value, str):
        return re.sub(r"\{\{\s*([A-Za-z.]+)\s*\}\}", lambda m: str(placeholders.get(m.group(1), m.group(0))), value)
    if isinstance(value, list):
        return [render(v, placeholders) for v in value]
    if isinstance(value, dict):
        return {k: render(v, placeholders) for k, v in value.items()}
    return value


def check_request(pack, op, item, request, where, report):
    """Returns the first contract violation as (message, parameter, value, error name) or None."""
    x = pack.x
    messages = x.get("messages", {})
    params = pack.parameters(op, item)
    query = {name: condition_state(c) for name, c in (request.get("query") or {}).items()}
    headers = {name.lower(): condition_state(c) for name, c in (request.get("headers") or {}).items()}
    violations = []

    def present(name):
        return name in query and query[name][0] != "absent"

    # credential
    scheme = pack.security(op)
    cred_values = []
    if scheme:
        if scheme.get("type") == "apiKey" and scheme.get("in") == "query":
            state = query.get(scheme["name"])
        elif scheme.get("type") == "apiKey" and scheme.get("in") == "header":
            state = headers.get(scheme["name"].lower())
        else:
            state = headers.get("authorization")
        if state is None:
            report.warn(where, "no condition on the credential: the fixture answers requests whatever their credential")
        elif state[0] == "known":
            cred_values = state[1]
    secrets = set(x.get("secrets", {}).get("query", []))
    for name, (kind, values) in query.items():
        if kind == "known" and name in secrets and not all(plainly_fake(v) for v in values):
            report.problem(where, f"query.{name} is a secret but the fixture gives it literally; use {{\"present\": true}}")
    for name, (kind, values) in headers.items():
        if kind == "known" and name in {h.lower() for h in x.get("secrets", {}).get("headers", [])} \
                and not all(plainly_fake(v) for v in values):
            report.problem(where, f"header {name} is a secret but the fixture gives it literally; use a pattern")
    del cred_values

    ignore_others = op.get("x-understudy-ignoreOthersWhen")
    ignoring = ignore_others is not None and present(ignore_others)

    declared = set()
    converted = {}
    for (name, loc), p in params.items():
        if loc != "query":
            continue
        declared.add(name)
        if name not in query or query[name][0] == "absent":
            if p.get("required") and not ignoring:
                violations.append((render(messages.get("missing", "{{parameter}} is required"), {"parameter": name}), name, None, None))
            continue
        kind, values = query[name]
        if kind != "known":
            continue
        for v in values:
            msg = p.get("x-understudy-message") or messages.get("invalid", "{{parameter}} is invalid: {{value}}")
            msg = render(msg, {"parameter": name, "value": v})
            try:
                c = convert(v, p.get("schema", {}), pack, p)
            except ConversionError as e:
                report.info(f"{where}: query.{name}: {e}")
                violations.append((msg, name, v, None))
                continue
            errs = pack.validate(p.get("schema", {}), c)
            if errs:
                report.info(f"{where}: query.{name}={v!r}: {'; '.join(errs)}")
                violations.append((msg, name, v, None))
            converted.setdefault(name, c)
    for name in query:
        if name not in declared and not (scheme and scheme.get("in") == "query" and scheme.get("name") == name):
            report.warn(where, f"query.{name} is not a parameter of {op.get('operationId')} (the real API ignores unknown parameters)")

    if violations:
        return violations[0]
    if ignoring:
        return None

    for rule in op.get("x-understudy-rules", []):
        when = rule.get("when", {})
        decided = True
        applies = True
        for name, allowed in when.items():
            if not present(name):
                applies = applies and (None in allowed)
            elif query[name][0] == "unknown":
                decided = False
            else:
                applies = applies and query[name][1][0] in [a for a in allowed if a is not None]
        if not decided:
            report.info(f"{where}: rule {rule} not decided (a value is unknown)")
            continue
        if not applies:
            continue
        broken = False
        if "anyOf" in rule:
            broken = not any(all(present(n) for n in group) for group in rule["anyOf"])
        elif "notTogether" in rule:
            broken = sum(1 for n in rule["notTogether"] if present(n)) >= 2
        elif "forbidden" in rule:
            broken = any(present(n) for n in rule["forbidden"])
        elif "sumAtMost" in rule:
            total = 0
            for n in rule["sumAtMost"]:
                if not present(n):
                    p = params.get((n, "query"), {})
                    total += pack.resolve(p.get("schema", {})).get("default", 0)
                elif n in converted:
                    total += converted[n]
                else:
                    total = None
                    break
            broken = total is not None and total > rule["max"]
        if broken:
            return (rule.get("message", "invalid request"), None, None, rule.get("error"))
    return None


def response_bodies(fixture, fixture_dir):
    """Yields (label, response) for `response` or each of `responses`."""
    if "response" in fixture:
        yield "response", fixture["response"]
    for i, r in enumerate(fixture.get("responses", [])):
        yield f"responses[{i}]", r


def check_response(pack, op, response, fixture_dir, where, report):
    status = response.get("status", 200)
    key, declared = pack.response_for(op, status)
    if declared is None:
        report.problem(where, f"status {status} is not among {op.get('operationId')}'s responses {sorted(op.get('responses', {}))}")
        return
    headers = response.get("headers", {})
    behaviour_headers = set()
    quota = pack.x.get("behaviours", {}).get("quota")
    if quota:
        behaviour_headers |= {h.lower() for h in quota.get("headers", {})}
    for name, h in (declared.get("headers") or {}).items():
        h = pack.resolve(h)
        value = header(headers, name)
        if value is None:
            if h.get("required") and name.lower() not in behaviour_headers:
                report.problem(where, f"header {name} is required for status {status}")
            continue
        if name.lower() == "content-type":
            continue
        try:
            v = convert(value if isinstance(value, str) else value[0], h.get("schema", {}), pack)
            for e in pack.validate(h.get("schema", {}), v):
                report.problem(where, f"header {name}: {e}")
        except ConversionError as e:
            report.problem(where, f"header {name}: {e}")

    body_kinds = [k for k in ("json", "text", "base64", "file") if k in response]
    if response.get("fault"):
        return
    content = declared.get("content")
    if not body_kinds:
        if content:
            report.warn(where, f"status {status}: the contract declares a body ({sorted(content)}) but the fixture has none")
        return
    kind = body_kinds[0]
    media = header(headers, "Content-Type")
    if media is None:
        if kind == "json":
            media = "application/json"
        elif kind == "text":
            media = "text/plain"
        elif kind == "file":
            ext = os.path.splitext(response["file"])[1].lower()
            media = {".json": "application/json", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                     ".gif": "image/gif", ".webp": "image/webp", ".xml": "application/xml"}.get(ext, "application/octet-stream")
        else:
            media = "application/octet-stream"
    media = media_base(media)
    if not content:
        report.problem(where, f"status {status}: the contract declares no body, the fixture has one")
        return
    match = [k for k in content if media_base(k) == media]
    if not match:
        report.problem(where, f"status {status}: media type {media} is not declared ({sorted(content)})")
        return
    schema = content[match[0]].get("schema")
    if schema is None or not (media == "application/json" or media.endswith("+json")):
        return
    if response.get("template"):
        report.warn(where, "templated body: not checked against the schema")
        return
    if kind == "json":
        body = response["json"]
    elif kind == "file":
        path = os.path.join(fixture_dir, response["file"])
        try:
            with open(path, encoding="utf-8") as f:
                body = json.load(f)
        except (OSError, ValueError) as e:
            report.problem(where, f"body file {response['file']}: {e}")
            return
    else:
        report.warn(where, f"{kind} body declared as JSON: not checked")
        return
    for e in pack.validate(schema, body):
        report.problem(where, f"status {status} body {e}")


def check_fixture(path, fixtures_root, packs, report):
    rel = os.path.relpath(path, fixtures_root)
    with open(path, encoding="utf-8") as f:
        fixture = json.load(f)
    provider = rel.split(os.sep)[0] if os.sep in rel else fixture.get("provider")
    pack = packs.get(provider)
    where = f"fixtures/{rel}"
    if pack is None:
        report.problem(where, f"no pack for provider {provider!r}")
        return
    request = fixture.get("request", {})
    method = request.get("method", "GET").upper()
    raw_path = request.get("path", "")
    path_ = pack.strip_version(raw_path)
    template, op, item = pack.find_operation(method, path_)
    if op is None:
        report.problem(where, f"{method} {raw_path} is no operation of {provider}")
        return
    report.info(f"{where}: {method} {raw_path} → {op.get('operationId')} ({template})")
    violation = check_request(pack, op, item, request, where, report)
    responses = list(response_bodies(fixture, os.path.dirname(path)))
    if violation:
        message, parameter, value, error_name = violation
        name = error_name or pack.x.get("invalidRequest")
        entry = pack.errors_for(op).get(name)
        if entry is None:
            report.problem(where, f"the request breaks the contract ({message}) and the pack has no invalid-request error")
            return
        expected = render(copy.deepcopy(entry), {"message": message})
        expected = render(expected, {"parameter": parameter or "", "value": value or "", "operation": op.get("operationId")})
        for label, r in responses:
            if r.get("status", 200) != expected["status"] or ("json" in expected and r.get("json") != expected["json"]) \
                    or ("text" in expected and r.get("text") != expected["text"]):
                report.problem(where, f"the request breaks the contract ({message}); {label} should be the {name} error "
                                      f"{json.dumps({k: expected[k] for k in ('status', 'json', 'text') if k in expected})}")
        report.info(f"{where}: breaks the contract on purpose ({message}) and answers {name}")
    for label, r in responses:
        check_response(pack, op, r, os.path.dirname(path), f"{where} {label}", report)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--contracts", default=os.path.join(ROOT, "contracts"))
    ap.add_argument("--fixtures", default=os.path.join(ROOT, "fixtures"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    report = Report(args.verbose)

    packs = {}
    for path in sorted(glob.glob(os.path.join(args.contracts, "*.openapi.json"))):
        pack = Pack(path)
        packs[pack.name] = pack
    if not packs:
        sys.exit(f"no packs in {args.contracts}")
    entries = 0
    for pack in packs.values():
        check_pack(pack, list(packs.values()), report)
        entries += check_error_entries(pack, report)

    fixtures = sorted(p for p in glob.glob(os.path.join(args.fixtures, "**", "*.json"), recursive=True)
                      if not p.endswith(".body.json") and not any(part.startswith(".") for part in os.path.relpath(p, args.fixtures).split(os.sep)))
    before = len(report.problems)
    failed_files = set()
    for path in fixtures:
        n = len(report.problems)
        check_fixture(path, args.fixtures, packs, report)
        if len(report.problems) > n:
            failed_files.add(path)

    for w in report.warnings:
        print(f"warning: {w}")
    for p in report.problems:
        print(f"problem: {p}")
    print(f"{len(packs)} packs ({', '.join(sorted(packs))}); {entries} error answers checked against their operations' responses; "
          f"{len(fixtures)} fixtures: {len(fixtures) - len(failed_files)} passed, {len(failed_files)} failed; "
          f"{len(report.problems)} problems ({len(report.problems) - before} in fixtures), {len(report.warnings)} warnings")
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
