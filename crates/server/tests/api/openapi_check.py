"""Checks the server's OpenAPI document with independent tools (run by
`tests/api/openapi.rs`).

Reads from stdin `{"document": ..., "samples": [{"method", "path",
"status", "body"}, ...]}`:

- the document must validate as OpenAPI 3.1 (openapi-spec-validator);
- each sample, a JSON answer the server gave, must validate against the
  schema its operation documents for that status (jsonschema, draft
  2020-12), and carry no property its schema does not declare (unless the
  schema leaves its properties open with `additionalProperties`).

Prints one line per problem and exits 1 if there is any.
"""

import copy
import json
import sys

import jsonschema
from openapi_spec_validator import validate


def main():
    given = json.load(sys.stdin)
    doc = given["document"]
    validate(copy.deepcopy(doc))
    problems = []
    for sample in given["samples"]:
        where = f"{sample['method'].upper()} {sample['path']} {sample['status']}"
        operation = doc["paths"].get(sample["path"], {}).get(sample["method"])
        if operation is None:
            problems.append(f"{where}: no such operation")
            continue
        response = operation["responses"].get(str(sample["status"]))
        if response is None:
            problems.append(f"{where}: status not documented")
            continue
        content = response.get("content", {}).get("application/json")
        if content is None:
            problems.append(f"{where}: no JSON schema documented")
            continue
        schema = dict(content["schema"], components=doc["components"])
        validator = jsonschema.Draft202012Validator(schema)
        for error in validator.iter_errors(sample["body"]):
            path = "/".join(str(p) for p in error.absolute_path)
            problems.append(f"{where}: at /{path}: {error.message[:300]}")
        for extra in sorted(set(undeclared(doc, sample["body"], content["schema"], ""))):
            problems.append(f"{where}: {extra} is not in the schema")
    for problem in problems:
        print(problem)
    print(f"{len(given['samples'])} answers checked, {len(problems)} problems")
    sys.exit(1 if problems else 0)


def resolve(doc, schema):
    """Follows `$ref`s within the document."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 50:
        node = doc
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        schema = node
        seen += 1
    return schema if isinstance(schema, dict) else {}


def declared(doc, schema):
    """The properties a schema declares (through allOf/anyOf/oneOf too),
    each with its subschemas, and whether it leaves others open."""
    schema = resolve(doc, schema)
    names = {}
    open_ = schema.get("additionalProperties") not in (None, False)
    for name, sub in schema.get("properties", {}).items():
        names.setdefault(name, []).append(sub)
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, []):
            more, more_open = declared(doc, sub)
            for name, subs in more.items():
                names.setdefault(name, []).extend(subs)
            open_ = open_ or more_open
    return names, open_


def item_schemas(doc, schema):
    schema = resolve(doc, schema)
    found = [schema["items"]] if "items" in schema else []
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, []):
            found.extend(item_schemas(doc, sub))
    return found


def is_valid(doc, value, schema):
    """Whether `value` validates against `schema` (refs into `doc`)."""
    return jsonschema.Draft202012Validator(dict(schema, components=doc["components"])).is_valid(value)


def undeclared(doc, value, schema, path):
    """Properties of `value` its schema does not declare. Of a `oneOf` or
    `anyOf` only the alternatives the value matches declare (a chess game's
    state need not carry a Xiangqi game's properties, nor the reverse)."""
    resolved = resolve(doc, schema)
    for key in ("oneOf", "anyOf"):
        alternatives = resolved.get(key)
        if not alternatives or not isinstance(value, (dict, list)):
            continue
        matching = [a for a in alternatives if is_valid(doc, value, a)]
        if matching and len(matching) < len(alternatives):
            rest = {k: v for k, v in resolved.items() if k != key}
            found = None
            for alternative in matching:
                extras = set(undeclared(doc, value, {"allOf": [rest, alternative]}, path))
                found = extras if found is None else found & extras
            yield from sorted(found)
            return
    if isinstance(value, dict):
        names, open_ = declared(doc, schema)
        for key, sub in value.items():
            if key in names:
                for subschema in names[key]:
                    yield from undeclared(doc, sub, subschema, f"{path}/{key}")
            elif names and not open_:
                yield f"{path}/{key}"
    elif isinstance(value, list):
        for subschema in item_schemas(doc, schema):
            for i, item in enumerate(value):
                yield from undeclared(doc, item, subschema, f"{path}/{i}")


if __name__ == "__main__":
    main()
