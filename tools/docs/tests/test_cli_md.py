# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""cli_md reads Karaf command annotations the way the sources write them."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cli_md  # noqa: E402

SOURCE = '''
@Service
@Command(scope = "sixflow", name = "thing-add",
        description = "Adds a thing (one of a, b) or "
                + "another")
public class ThingAddCommand extends AbstractShellCommand {
    @Argument(index = 1, name = "ports", description = "Ports, e.g. device:x/1", required = true,
            multiValued = true)
    @Completion(ConnectPointCompleter.class)
    List<String> ports = null;

    @Argument(index = 0, name = "id", description = "Thing id", required = true)
    String id = null;

    @Option(name = "-m", aliases = {"--mode", "--kind"}, description = "TE or RLB \\"quoted\\"")
    String mode = "TE";

    @Option(name = "--strip", description = "Strip it")
    boolean strip = false;

    @Option(name = "--count", description = "How many")
    Integer count;
}
'''


class CliMdTest(unittest.TestCase):

    def test_reads_command_arguments_and_options(self):
        cmd = cli_md.command(SOURCE)
        self.assertEqual(("sixflow", "thing-add", "Adds a thing (one of a, b) or another"),
                         (cmd["scope"], cmd["name"], cmd["description"]))
        self.assertEqual(["id", "ports"], [a["name"] for a in cmd["arguments"]])
        self.assertTrue(cmd["arguments"][1]["multiValued"])
        mode, strip, count = cmd["options"]
        self.assertEqual((["--mode", "--kind"], "TE", "String"), (mode["aliases"], mode["default"], mode["type"]))
        self.assertEqual('TE or RLB "quoted"', mode["description"])
        self.assertEqual(("boolean", "false"), (strip["type"], strip["default"]))
        self.assertEqual(("Integer", None), (count["type"], count["default"]))

    def test_renders_usage_and_tables(self):
        page = cli_md.render({"ThingAddCommand.java": SOURCE, "Other.java": "class Other {}"})
        self.assertIn("sixflow:thing-add [options] ID PORTS...", page)
        self.assertIn("| `-m`, `--mode`, `--kind` | String | `TE` | TE or RLB \"quoted\" |", page)
        self.assertIn("| `--strip` |  |  | Strip it |", page)
        self.assertIn("| [`sixflow:thing-add`](#thing-add) |", page)

    def test_not_a_command(self):
        self.assertIsNone(cli_md.command("class Completer {}"))


if __name__ == "__main__":
    unittest.main()
