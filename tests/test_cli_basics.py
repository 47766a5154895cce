"""What a Python command-line tool ships with: ``--version``, a top-level ``--help`` that says
what a bare ``wobbletop`` does, and shell completion scripts that really complete."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games import __version__
from games.cli import main
from games.core import registry


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"wobbletop {__version__}\n"


def test_top_level_help_says_a_bare_command_opens_the_menu_and_lists_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert "With no command, `wobbletop` opens the window on the menu." in text
    for command in ("play", "run", "replay", "regress", "sweep", "report", "config", "completion"):
        assert f"\n    {command} " in text
    assert "--version" in text and "examples:" in text


def completion(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


def bash_completions(script: Path, *words: str) -> list[str]:
    """What bash offers after ``wobbletop WORDS...`` (the last word being typed)."""
    line = " ".join(("wobbletop", *words))
    program = (
        f"source {script}\n"
        f"COMP_WORDS=(wobbletop {' '.join(words)}); COMP_CWORD={len(words)}\n"
        f'COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}}\n'
        f"_shtab_wobbletop wobbletop {words[-1]} {words[-2] if len(words) > 1 else 'wobbletop'}\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        ["bash", "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_script_completes_commands_games_and_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "wobbletop.bash"
    script.write_text(completion("bash", capsys))
    assert sorted(bash_completions(script, "re")) == ["regress", "replay", "report"]
    assert bash_completions(script, "play", "wa") == ["wallamoppi"]
    assert sorted(bash_completions(script, "play", "")) == sorted(registry.available())
    assert "--skill" in bash_completions(script, "play", "--s")
    assert bash_completions(script, "completion", "z") == ["zsh"]


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_zsh_and_tcsh_scripts_name_the_commands_and_the_games(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = completion(shell, capsys)
    assert "wobbletop" in script and "regress" in script
    assert all(game in script for game in registry.available())


def test_an_unknown_shell_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "fish"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'fish'" in err[0] and "bash" in err[0]


def test_a_plain_command_does_not_import_shtab(repo_root: Path) -> None:
    code = (
        "import sys\n"
        "from games.cli import main\n"
        "assert main(['config']) == 0\n"
        "print('shtab' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=repo_root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
