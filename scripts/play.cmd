@echo off
rem Play from a source checkout on Windows (Command Prompt, or a double-click), with only python.org's Python 3.11+:
rem
rem     scripts\play.cmd [zipai's arguments...]
rem
rem The same steps as scripts/play and scripts\play.ps1: find a Python 3.11+ (%PYTHON%, else the py launcher's 3.13,
rem 3.12, 3.11, 3, else python), then scripts\ensure_venv.py makes .venv\ on the first run, installs the game into it
rem (one line says so) and starts it; later runs start it at once, installing again only when pyproject.toml changed
rem or .venv is broken.
setlocal
set "HERE=%~dp0"
set "ROOT=%~dp0.."
set "CHECK=import sys; sys.exit(sys.version_info < (3, 11))"

if defined PYTHON (
    "%PYTHON%" -c "%CHECK%" >nul 2>&1 && ( set "PY="%PYTHON%"" & goto found )
    goto missing
)
for %%V in (-3.13 -3.12 -3.11 -3) do (
    py %%V -c "%CHECK%" >nul 2>&1 && ( set "PY=py %%V" & goto found )
)
python -c "%CHECK%" >nul 2>&1 && ( set "PY=python" & goto found )

:missing
echo scripts\play.cmd: needs Python 3.11 or newer, and none was found (py -3.13, -3.12, -3.11, -3, python, or %%PYTHON%%). Install one from python.org (tick "Add python.exe to PATH"), or set PYTHON to its python.exe. 1>&2
exit /b 1

:found
%PY% "%HERE%ensure_venv.py" --label "scripts\play.cmd" --venv "%ROOT%\.venv" -- zipai %*
exit /b %ERRORLEVEL%
