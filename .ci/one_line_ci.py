#!/usr/bin/env python3
"""CI in one line, tried as far as this machine allows: the pre-commit hook
(`.pre-commit-hooks.yaml`) through the pre-commit framework itself, and the
GitHub Action (`action.yml`) by running its composite steps' scripts as a
runner would (bash, the same environment variables), outside GitHub.

In a new git repository holding a game with an illegal move, the hook and
the action must fail naming the file, the line and the move; once the move
is fixed, the hook must pass. The action's SARIF log must hold the result.

Needs git, cargo and pre-commit (`python3 -m pip install pre-commit`,
which `.ci/run` does); run from anywhere: `python3 .ci/one_line_ci.py`.
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile

import yaml  # pre-commit's own dependency (PyYAML)

ROOT = pathlib.Path(__file__).resolve().parent.parent
BAD = '[Event "Club"]\n\n1. e4 e5 2. Ke3 *\n'
GOOD = '[Event "Club"]\n\n1. e4 e5 2. Ke2 *\n'


def run(args, cwd, env=None):
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def check(condition, what, output):
    if not condition:
        sys.exit(f"one_line_ci: {what}\n--- output ---\n{output}")


def pre_commit(tmp: pathlib.Path) -> None:
    repo = tmp / "games"
    repo.mkdir()
    for args in (
        ["git", "init", "-q"],
        ["git", "config", "user.email", "ci@example.com"],
        ["git", "config", "user.name", "CI"],
    ):
        run(args, repo)
    game = repo / "club.pgn"
    game.write_text(BAD)
    run(["git", "add", "club.pgn"], repo)
    try_repo = ["pre-commit", "try-repo", str(ROOT), "chess-verify", "--all-files"]
    code, out = run(try_repo, repo)
    check(code != 0, "the hook passed a game with an illegal move", out)
    check("club.pgn:3:13" in out and "White cannot play `2. Ke3`" in out,
          "the hook's failure does not name the file, the place and the move", out)
    game.write_text(GOOD)
    run(["git", "add", "club.pgn"], repo)
    code, out = run(try_repo, repo)
    check(code == 0, "the hook failed a legal game", out)
    print("pre-commit try-repo: fails at club.pgn:3:13 (`2. Ke3`), passes once it is `2. Ke2`")


def action(tmp: pathlib.Path) -> None:
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    check(spec["runs"]["using"] == "composite", "action.yml is not a composite action", spec)
    check(spec["inputs"]["paths"]["required"], "`paths` is not a required input", spec)
    work = tmp / "action"
    work.mkdir()
    (work / "club.pgn").write_text(BAD)
    env = dict(
        os.environ,
        ACTION_PATH=str(ROOT),
        RUNNER_TEMP=str(tmp / "runner"),
        PATHS="*.pgn",
        ARGS="",
        SARIF="chess-verify.sarif",
    )
    outcomes = []
    for step in spec["runs"]["steps"]:
        if "run" in step:
            check(step.get("shell") == "bash", "a step without `shell: bash`", step)
            # As GitHub runs a composite step's script with `shell: bash`.
            outcomes.append(run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], work, env))
        else:
            check(step["uses"].startswith("github/codeql-action/upload-sarif@"), "an unknown step", step)
            check("inputs.sarif" in step["if"] and "always()" in step["if"],
                  "the SARIF upload does not run whenever a log was asked for", step)
    (build_code, build_out), (code, out) = outcomes
    check(build_code == 0, "the action could not build chess-verify", build_out)
    check(code == 1, "the action passed a game with an illegal move", out)
    check("::error file=club.pgn,line=3,col=13" in out, "no annotation at the move", out)
    sarif = json.loads((work / "chess-verify.sarif").read_text())
    results = sarif["runs"][0]["results"]
    check(len(results) == 1 and "Ke3" in results[0]["message"]["text"], "the SARIF log lacks the error", sarif)
    print("action.yml: annotation ::error file=club.pgn,line=3,col=13, SARIF log with the error")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        pre_commit(tmp)
        action(tmp)


if __name__ == "__main__":
    main()
