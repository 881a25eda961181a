# Play from a source checkout on Windows (PowerShell), with only python.org's Python 3.11 or newer:
#
#     scripts\play.ps1 [zipai's arguments...]
#
# (Where PowerShell refuses to run scripts, use scripts\play.cmd, or powershell -ExecutionPolicy Bypass -File
# scripts\play.ps1.) The same steps as scripts/play on Linux and macOS: find a Python 3.11+ ($env:PYTHON, else the
# py launcher's 3.13, 3.12, 3.11, 3, else python), then scripts\ensure_venv.py makes .venv\ on the first run,
# installs the game into it (one line says so) and starts it; later runs start it at once, installing again only
# when pyproject.toml changed or .venv is broken. "--" is quoted: Windows PowerShell takes a bare -- as its own
# end-of-parameters mark and does not pass it on.
$here = $PSScriptRoot
$root = Split-Path -Parent $here
$check = "import sys; sys.exit(sys.version_info < (3, 11))"

# True when `Exe Pick... -c check` runs and says 3.11 or newer (a missing program or launcher version is false).
function Test-Python([string]$Exe, [string[]]$Pick) {
    if (-not (Get-Command $Exe -ErrorAction SilentlyContinue)) { return $false }
    & $Exe @Pick -c $check *> $null
    return ($LASTEXITCODE -eq 0)
}

$exe = $null
$pick = @()
if ($env:PYTHON) {
    if (Test-Python $env:PYTHON @()) { $exe = $env:PYTHON }
} else {
    foreach ($version in @("-3.13", "-3.12", "-3.11", "-3")) {
        if (Test-Python "py" @($version)) { $exe = "py"; $pick = @($version); break }
    }
    if (($null -eq $exe) -and (Test-Python "python" @())) { $exe = "python" }
}
if ($null -eq $exe) {
    [Console]::Error.WriteLine("scripts\play.ps1: needs Python 3.11 or newer, and none was found (py -3.13, -3.12, " +
        "-3.11, -3, python, or `$env:PYTHON). Install one from python.org (tick `"Add python.exe to PATH`"), or " +
        "set `$env:PYTHON to its python.exe.")
    exit 1
}
& $exe @pick (Join-Path $here "ensure_venv.py") --label "scripts\play.ps1" --venv (Join-Path $root ".venv") "--" zipai @args
exit $LASTEXITCODE
