#!/usr/bin/env python3
"""The reference verdicts for Understudy's JSON Schema differential test.

Usage: jsonschema-oracle.py CASES.json

CASES.json is an array of {"schema": ..., "instance": ...}; a case may instead name a "root"
document and the JSON pointer "location" of its schema inside it (an OpenAPI document's
components, whose $refs resolve against the whole document). For each case, in order, prints one
line of JSON: [valid, paths], where valid is Draft202012Validator(schema).is_valid(instance)
and paths are the sorted RFC 6901 pointers of the absolute_path of every top-level error that
iter_errors yields (empty when valid). A schema that is not valid 2020-12 stops the run with
exit status 2, naming the case.
"""
import json
import sys
from urllib.parse import quote

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from referencing import Registry
from referencing.jsonschema import DRAFT202012

ROOT_URI = "urn:understudy:root"


def pointer(path):
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def compile_case(case):
    """The validator of a case, its schema checked against the 2020-12 metaschema first."""
    if "root" not in case:
        Draft202012Validator.check_schema(case["schema"])
        return Draft202012Validator(case["schema"])
    registry = Registry().with_resource(ROOT_URI, DRAFT202012.create_resource(case["root"]))
    reference = {"$ref": ROOT_URI + "#" + quote(case["location"], safe="/~")}
    Draft202012Validator.check_schema(registry.resolver().lookup(reference["$ref"]).contents)
    return Draft202012Validator(reference, registry=registry)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    validators = {}  # the generated cases share a few schemas: compile each once
    lines = []
    for number, case in enumerate(cases):
        key = json.dumps({name: case.get(name) for name in ("schema", "root", "location")}, sort_keys=True)
        validator = validators.get(key)
        if validator is None:
            try:
                validator = validators[key] = compile_case(case)
            except SchemaError as error:
                print(f"case {number}: the schema is not valid 2020-12: {error.message}", file=sys.stderr)
                sys.exit(2)
        errors = list(validator.iter_errors(case["instance"]))
        valid = validator.is_valid(case["instance"])
        if valid != (not errors):
            print(f"case {number}: is_valid and iter_errors disagree", file=sys.stderr)
            sys.exit(2)
        lines.append(json.dumps([valid, sorted({pointer(error.absolute_path) for error in errors})]))
    sys.stdout.write("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main()
