# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""openapi_md lays an OpenAPI document out as the reference page."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import openapi_md  # noqa: E402

DOC = {
    "openapi": "3.1.0",
    "info": {"x-request-limits": {"maxBodyBytes": 1048576}},
    "servers": [{"url": "/onos/sixflow/v1"}],
    "components": {"schemas": {"Tree": {"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string", "pattern": "^[a-z]+$"},
        "mode": {"type": "string", "enum": ["TE", "RLB"], "description": "a | b"}}}}},
    "paths": {"/trees/{id}": {
        "put": {"summary": "Changes a tree.", "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}],
            "requestBody": {"required": True, "description": "JSON",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Tree"}}}},
            "responses": {"2XX": {"content": {"application/json": {}}}, "400": {}, "409": {}}},
        "get": {"summary": "Shows a tree", "parameters": [], "responses": {"2XX": {}}}}},
}


class OpenApiMdTest(unittest.TestCase):

    def setUp(self):
        self.page = openapi_md.render(DOC)

    def test_operations_in_method_order_with_explicit_anchors(self):
        self.assertLess(self.page.index("### `GET /trees/{id}` {#get-trees-id}"),
                        self.page.index("### `PUT /trees/{id}` {#put-trees-id}"))
        self.assertIn("Changes a tree.\n", self.page)

    def test_parameters_body_and_errors(self):
        self.assertIn("| `id` | path | yes | string: at most 64 characters |  |  |", self.page)
        self.assertIn("Body: [Tree](#schema-tree) (JSON).", self.page)
        self.assertIn("Errors: 400, 409.", self.page)
        self.assertIn("| `maxBodyBytes` | 1048576 |", self.page)

    def test_schema_fields(self):
        self.assertIn("### Tree {#schema-tree}", self.page)
        self.assertIn("| `id` | yes | string: pattern `^[a-z]+$` |  |", self.page)
        self.assertIn("| `mode` | no | string: `TE`, `RLB` | a \\| b |", self.page)


if __name__ == "__main__":
    unittest.main()
