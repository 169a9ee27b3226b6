#!/usr/bin/env python3
"""Writes aliases.expanded.yaml: aliases.yaml as PyYAML reads it (its
anchors, aliases and merge keys put in place), the oracle that
tests/customchesskell.rs holds chess_rules::yaml to.

    python3 -m pip install pyyaml && python3 expand_aliases.py
"""
import pathlib

import yaml


class Plain(yaml.SafeDumper):
    """Writes every value out, with no anchors of its own."""

    def ignore_aliases(self, data):
        return True


here = pathlib.Path(__file__).parent
data = yaml.safe_load((here / "aliases.yaml").read_text())
text = yaml.dump(data, Dumper=Plain, sort_keys=False, default_flow_style=None)
(here / "aliases.expanded.yaml").write_text(
    "# Written by expand_aliases.py from aliases.yaml: do not edit.\n" + text
)
