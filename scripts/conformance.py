"""Runs Schemathesis against every provider pack, with `understudy serve --fallback contract`
answering on 127.0.0.1, and fails on any failure the allow-list does not name.

Each pack is an OpenAPI 3.1 document whose `servers` name the real hosts; Schemathesis is
pointed at the local server instead (`--url`), with the pack's first canonical credential
(`x-understudy.credential.canonical`) in the place its security scheme names. Each pack gets
`--seconds` of testing (all checks, all phases, a fixed seed).

A failure is Schemathesis' failure code (ST103 "Undocumented status code", …) on an operation
(`GET /maps/api/place/nearbysearch/json`, or `Stateful tests`). The allow-list is a JSON file:
    {"allowed": [{"contract": "google", "operation": "GET /maps/…", "failure": "ST201",
                  "reason": "why the real provider does this"}]}
Every entry needs a reason. Entries the run did not see are listed (time-bounded runs may miss
one), not failed. See docs/conformance.md.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--contracts", default="contracts", help="folder of *.openapi.json packs (default: contracts)")
    parser.add_argument("--fixtures", default="fixtures", help="fixtures folder (default: fixtures)")
    parser.add_argument("--allow", default="contracts/conformance-allowlist.json", help="the allow-list (default: contracts/conformance-allowlist.json)")
    parser.add_argument("--seconds", type=int, default=30, help="Schemathesis time budget per pack (default: 30)")
    parser.add_argument("--seed", type=int, default=15, help="Schemathesis seed (default: 15)")
    parser.add_argument("--fallback", default="contract", choices=["contract", "miss"], help="the server's --fallback (default: contract)")
    parser.add_argument("--understudy", help="the understudy executable (default: from swift build --show-bin-path)")
    parser.add_argument("--reports", default=".build/conformance", help="where reports go (default: .build/conformance)")
    parser.add_argument("packs", nargs="*", help="only these providers (default: every pack)")
    args = parser.parse_args()

    packs = sorted(Path(args.contracts).glob("*.openapi.json"))
    if args.packs:
        packs = [p for p in packs if p.name.split(".")[0] in args.packs]
    if not packs:
        return fail(f"no *.openapi.json packs in {args.contracts}" + (f" for {', '.join(args.packs)}" if args.packs else ""))
    allowed = read_allow_list(Path(args.allow))
    if allowed is None:
        return 1
    executable = args.understudy or understudy_executable()
    schemathesis = Path(sys.executable).parent / "schemathesis"
    if not schemathesis.exists():
        return fail(f"schemathesis is not installed beside {sys.executable}; run scripts/python-tools (it installs it into .build-python)")
    reports = Path(args.reports)
    reports.mkdir(parents=True, exist_ok=True)

    server, url, drain = start_server(executable, args.fixtures, args.contracts, args.fallback, reports / "serve.log")
    if server is None:
        return 1
    started = time.monotonic()
    seen, requests = [], 0
    try:
        for pack in packs:
            provider = pack.name.split(".")[0]
            found, generated = run_schemathesis(schemathesis, pack, provider, url, args, reports)
            if found is None:
                return 1
            requests += generated
            seen += found
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
            drain.wait(timeout=5)  # the server's last line ("Stopped after N requests …") reaches its log
        except subprocess.TimeoutExpired:
            server.kill()
    elapsed = time.monotonic() - started
    stopped = [line.strip() for line in open(reports / "serve.log", encoding="utf-8", errors="replace") if line.startswith("Stopped after")]
    if stopped:
        print(f"understudy serve: {stopped[-1]}")

    unexpected = [f for f in seen if key(f) not in allowed]
    listed = sorted({key(f) for f in seen if key(f) in allowed})
    tested = {pack.name.split(".")[0] for pack in packs}
    stale = sorted(k for k in set(allowed) - {key(f) for f in seen} if k[0] in tested)
    print(f"\nconformance: {len(packs)} packs, {requests} generated test cases in {elapsed:.0f} s; "
          f"{len(seen)} failures ({len(listed)} allowed, {len(unexpected)} not), allow-list of {len(allowed)}")
    for failure in listed:
        print(f"  allowed: {failure[0]} {failure[1]} {failure[2]}: {allowed[failure]}")
    for failure in stale:
        print(f"  allowed but not seen in this run: {failure[0]} {failure[1]} {failure[2]}")
    for failure in unexpected:
        print(f"  FAILURE: {failure['contract']} {failure['operation']} {failure['failure']} {failure['title']} (see {failure['report']})")
    if unexpected:
        print(f"conformance: FAILED; fix the fake or the pack, or, for a real provider quirk, add it with its reason to {args.allow}", file=sys.stderr)
        return 1
    return 0


def key(failure):
    return (failure["contract"], failure["operation"], failure["failure"])


def fail(message: str) -> int:
    print(f"conformance: {message}", file=sys.stderr)
    return 1


def read_allow_list(path: Path):
    """The allow-list as {(contract, operation, failure): reason}; None (reported) when it is broken."""
    if not path.exists():
        return {}
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        fail(f"{path}: invalid JSON at line {error.lineno}: {error.msg}")
        return None
    entries = document.get("allowed") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        fail(f"{path}: expected {{\"allowed\": [ … ]}}")
        return None
    allowed, problems = {}, []
    for index, entry in enumerate(entries):
        where = f"{path} $.allowed[{index}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected an object")
            continue
        for member in ("contract", "operation", "failure", "reason"):
            if not isinstance(entry.get(member), str) or not entry[member].strip():
                problems.append(f"{where}.{member}: missing (every entry names contract, operation, failure code and reason)")
        if not problems:
            allowed[(entry["contract"], entry["operation"], entry["failure"])] = entry["reason"]
    if problems:
        fail("allow-list problems:\n  " + "\n  ".join(problems))
        return None
    return allowed


def understudy_executable() -> str:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return str(Path(bin_path) / "understudy")


def start_server(executable, fixtures, contracts, fallback, log_path):
    """`understudy serve` on a free port of 127.0.0.1, its URL, and the process copying its output
    to the log; (None, None, None) if it does not start."""
    if not Path(executable).exists():
        fail(f"{executable} does not exist; run swift build first, or pass --understudy PATH")
        return None, None, None
    log = open(log_path, "w")
    server = subprocess.Popen(
        [executable, "serve", "--host", "127.0.0.1", "--port", "0", "--fixtures", fixtures, "--contracts", contracts,
         "--fallback", fallback, "--journal-capacity", "100"],
        stdout=subprocess.PIPE, stderr=log, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        log.write(line)
        match = re.match(r"Listening on (http://\S+)", line)
        if match:
            log.flush()
            # Keep draining its output so it never blocks on a full pipe.
            drain = subprocess.Popen(["cat"], stdin=server.stdout, stdout=log)
            return server, match.group(1), drain
    server.kill()
    log.close()
    fail(f"understudy serve did not start; see {log_path}")
    return None, None, None


def auth_config(pack_path: Path) -> str:
    """Schemathesis configuration giving the pack's first canonical credential where its schemes want it."""
    document = json.loads(pack_path.read_text(encoding="utf-8"))
    canonical = ((document.get("x-understudy", {}).get("credential") or {}).get("canonical") or [None])[0]
    schemes = document.get("components", {}).get("securitySchemes", {})
    # No cache: a run replays no failures of earlier runs, so its result depends on this tree alone.
    lines = ["[cache]", "enabled = false"]
    for name, scheme in sorted(schemes.items()):
        if canonical is None:
            continue
        if scheme.get("type") == "http" and scheme.get("scheme", "").lower() == "bearer":
            lines += [f"[auth.openapi.{json.dumps(name)}]", f"bearer = {json.dumps(canonical)}"]
        elif scheme.get("type") == "apiKey":
            lines += [f"[auth.openapi.{json.dumps(name)}]", f"api_key = {json.dumps(canonical)}"]
    return "\n".join(lines) + "\n"


def run_schemathesis(schemathesis, pack, provider, url, args, reports):
    """The failures Schemathesis found in one pack, and how many test cases it generated."""
    config = reports / f"{provider}.toml"
    config.write_text(auth_config(pack), encoding="utf-8")
    report = reports / f"{provider}.json"
    command = [
        str(schemathesis), "--config-file", str(config), "run", str(pack), "--url", url,
        "--checks", "all", "--max-time", str(args.seconds), "--seed", str(args.seed),
        "--report", "json", "--report-json-path", str(report), "--no-color", "--workers", "2",
        "--request-timeout", "10", "--generation-database", "none",
    ]
    print(f"+ schemathesis {provider}: {' '.join(command[3:])}", flush=True)
    with open(reports / f"{provider}.log", "w") as log:
        finished = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, timeout=args.seconds * 3 + 60)
    if not report.exists():
        fail(f"schemathesis wrote no report for {provider} (exit {finished.returncode}); see {reports / (provider + '.log')}")
        return None, 0
    result = json.loads(report.read_text(encoding="utf-8"))
    if result.get("errors"):
        fail(f"schemathesis could not test {provider}: {json.dumps(result['errors'])[:500]}; see {reports / (provider + '.log')}")
        return None, 0
    found = []
    for failure in result.get("failures", []):
        for operation in failure.get("operations", []):
            found.append({"contract": provider, "operation": operation, "failure": failure["code"], "title": failure["title"],
                          "report": str(reports / f"{provider}.log")})
    generated = result.get("test_cases", {}).get("generated", 0)
    print(f"  {provider}: {generated} test cases, {len(found)} failures", flush=True)
    return found, generated


if __name__ == "__main__":
    sys.exit(main())
