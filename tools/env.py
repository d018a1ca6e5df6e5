"""Set-up steps: .venv, `npm ci` in web/, the airhead wheel, the Pyodide-side wheels, the browsers
(Chromium; Firefox ESR and WebKitGTK for the cross-engine layer), all from Debian.

Each step is skipped while its content-hash stamp matches (standard library only).
  .venv/                    project venv with requirements-test.txt (+ requirements-e2e.txt)
  web/node_modules/         `npm ci` from web/package-lock.json
  build/wheels/             the airhead wheel (rebuilt only when core/ or pyproject.toml change)
  build/pyodide-wheels/     wheels for Pyodide from requirements-pyodide.txt
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from tools.common import (
    BUILD, CHROMIUM, IGNORED_NAMES, NODE_MODULES, ROOT, VENV, VENV_PY, WEB, LayerError, check,
    clean_env, run, sha256_of, stamp_ok, step, tree_files, write_stamp,
)

WHEELS = BUILD / "wheels"
STAGING = BUILD / "staging"
PYODIDE_WHEELS = BUILD / "pyodide-wheels"

REQ_TEST = ROOT / "requirements-test.txt"
REQ_E2E = ROOT / "requirements-e2e.txt"  # added by the e2e issue; joins the venv when present
REQ_PYODIDE = ROOT / "requirements-pyodide.txt"

# Tags of the Python inside npm pyodide 314.0.7 (see pyodide-lock.json "info").
PYODIDE_PY = "3.14"
PYODIDE_ABI = "cp314"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"

# Stamps: a content hash written after a step succeeded; the step is skipped while it matches.
VENV_STAMP = VENV / ".airhead-requirements.sha256"
WHEEL_INSTALLED_STAMP = VENV / ".airhead-wheel.sha256"
WHEEL_SOURCE_STAMP = WHEELS / ".source.sha256"
NPM_STAMP = NODE_MODULES / ".airhead-lock.sha256"
PYODIDE_WHEELS_STAMP = PYODIDE_WHEELS / ".requirements.sha256"

# Files and folders that go into the wheel build (copied to build/staging so that setuptools'
# egg-info and build/lib never land in the source tree or leak stale modules into the wheel).
WHEEL_INPUT_FILES = ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "MANIFEST.in")
WHEEL_INPUT_DIRS = ("core",)


def venv_requirement_files() -> list[Path]:
    return [REQ_TEST] + ([REQ_E2E] if REQ_E2E.is_file() else [])


def ensure_venv() -> str:
    """Create .venv and install the pinned requirements, unless the stamp says it's current."""
    reqs = venv_requirement_files()
    digest = sha256_of(reqs, extra=sys.version)
    if VENV_PY.exists() and stamp_ok(VENV_STAMP, digest):
        step(f"venv {VENV.relative_to(ROOT)}/ up to date (cached)")
        return "cached"
    if VENV.exists():
        step("requirements changed (or venv incomplete): recreating .venv/")
        shutil.rmtree(VENV)
    check([sys.executable, "-m", "venv", VENV], "creating the venv (on Debian: apt-get install python3-venv)")
    cmd: list[str | Path] = [VENV_PY, "-m", "pip", "install", "--disable-pip-version-check",
                             "--progress-bar", "off"]
    for r in reqs:
        cmd += ["-r", r]
    check(cmd, "pip install of the test requirements")
    write_stamp(VENV_STAMP, digest)
    return "installed"


def wheel_inputs() -> list[Path]:
    files = [ROOT / f for f in WHEEL_INPUT_FILES if (ROOT / f).is_file()]
    for d in WHEEL_INPUT_DIRS:
        files += tree_files(ROOT / d)
    return files


def the_wheel() -> Path | None:
    found = sorted(WHEELS.glob("airhead-*.whl"))
    return found[0] if len(found) == 1 else None


def build_wheel() -> Path:
    """Build build/wheels/airhead-*.whl from a clean copy of the sources (cached by content)."""
    digest = sha256_of(wheel_inputs())
    wheel = the_wheel()
    if wheel is not None and stamp_ok(WHEEL_SOURCE_STAMP, digest):
        step(f"{wheel.relative_to(ROOT)} up to date (cached)")
        return wheel
    for d in (WHEELS, STAGING):
        if d.exists():
            shutil.rmtree(d)
    STAGING.mkdir(parents=True)
    for f in WHEEL_INPUT_FILES:
        if (ROOT / f).is_file():
            shutil.copy2(ROOT / f, STAGING / f)
    for top in WHEEL_INPUT_DIRS:
        shutil.copytree(ROOT / top, STAGING / top, ignore=shutil.ignore_patterns(*IGNORED_NAMES))
    check([VENV_PY, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
           "--disable-pip-version-check", "-w", WHEELS, STAGING], "building the airhead wheel")
    wheel = the_wheel()
    if wheel is None:
        raise LayerError(f"expected exactly one airhead wheel in {WHEELS.relative_to(ROOT)}/")
    write_stamp(WHEEL_SOURCE_STAMP, digest)
    return wheel


def install_wheel(wheel: Path) -> None:
    """Install the built wheel into .venv (only when it differs from the installed one)."""
    digest = sha256_of([wheel])
    if stamp_ok(WHEEL_INSTALLED_STAMP, digest):
        step(f"{wheel.name} already installed in .venv/ (cached)")
    else:
        check([VENV_PY, "-m", "pip", "install", "--force-reinstall", "--no-deps",
               "--disable-pip-version-check", wheel], "installing the airhead wheel")
        write_stamp(WHEEL_INSTALLED_STAMP, digest)
    # The tests must exercise the installed wheel, never core/ on a path.
    probe = subprocess.run(
        [str(VENV_PY), "-c", "import airhead, os; print(os.path.realpath(airhead.__file__))"],
        cwd=ROOT, env=clean_env(), capture_output=True, text=True,
    )
    where = probe.stdout.strip()
    if probe.returncode != 0 or not where:
        raise LayerError(f"`import airhead` fails in .venv:\n{probe.stderr}")
    if Path(where).is_relative_to(ROOT / "core"):
        raise LayerError(f"airhead imports from the source tree ({where}), not from the wheel")
    step(f"airhead imports from {Path(where).parent}")


def ensure_node_modules() -> None:
    """`npm ci` in web/ when node_modules is missing or package-lock.json changed."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise LayerError(f"`{tool}` not found on PATH (need Node >= 18 and npm)")
    lock = WEB / "package-lock.json"
    if not lock.is_file():
        raise LayerError("web/package-lock.json is missing (run `npm install` in web/ and commit it)")
    digest = sha256_of([WEB / "package.json", lock])
    if stamp_ok(NPM_STAMP, digest) and (NODE_MODULES / "pyodide" / "pyodide.mjs").is_file():
        step("web/node_modules up to date (cached)")
        return
    check(["npm", "ci", "--no-audit", "--no-fund"], "npm ci in web/", cwd=WEB)
    write_stamp(NPM_STAMP, digest)


def ensure_pyodide_wheels() -> None:
    """Download the Pyodide-side wheels (micropip, pytest, hypothesis, ...) for Python 3.14."""
    digest = sha256_of([REQ_PYODIDE])
    if stamp_ok(PYODIDE_WHEELS_STAMP, digest):
        step(f"{PYODIDE_WHEELS.relative_to(ROOT)}/ up to date (cached)")
        return
    if PYODIDE_WHEELS.exists():
        shutil.rmtree(PYODIDE_WHEELS)
    PYODIDE_WHEELS.mkdir(parents=True)
    check([VENV_PY, "-m", "pip", "download", "--disable-pip-version-check", "--progress-bar", "off",
           "--no-deps",
           "--only-binary=:all:", "--python-version", PYODIDE_PY, "--implementation", "cp",
           "--abi", PYODIDE_ABI, "--abi", "none",
           "--platform", PYODIDE_PLATFORM, "--platform", "any",
           "-d", PYODIDE_WHEELS, "-r", REQ_PYODIDE], "downloading the Pyodide wheels")
    if not any(PYODIDE_WHEELS.glob("micropip-*.whl")):
        raise LayerError("requirements-pyodide.txt must pin micropip")
    write_stamp(PYODIDE_WHEELS_STAMP, digest)


# apt's and dpkg's locks: another apt run (a system's own daily job, say) may hold them for minutes.
APT_LOCK_WAIT_SECONDS = 600.0
APT_LOCK_POLL_SECONDS = 5.0
_APT_LOCKED = re.compile(r"Could not get lock|Unable to acquire the dpkg frontend lock|"
                         r"Unable to lock (?:the )?(?:directory|administration directory)|"
                         r"is another process using it", re.I)


def _apt(cmd: list[str], what: str) -> None:
    """Run one apt-get command: wait (bounded, saying so) while apt's or dpkg's lock is held,
    and try once more after any other failure (a mirror's hiccup)."""
    waited, retried = 0.0, False
    while True:
        rc, out = run(cmd, tail=True)
        if rc == 0:
            return
        if _APT_LOCKED.search(out):
            if waited >= APT_LOCK_WAIT_SECONDS:
                raise LayerError(f"{what}: apt's lock was still held after {waited:.0f} s")
            step(f"apt's lock is held by another apt run: waiting ({waited:.0f} of "
                 f"{APT_LOCK_WAIT_SECONDS:.0f} s at most)")
            time.sleep(APT_LOCK_POLL_SECONDS)
            waited += max(APT_LOCK_POLL_SECONDS, 0.001)
            continue
        if retried:
            raise LayerError(f"{what} failed (exit {rc})")
        step(f"{what} failed (exit {rc}): trying once more")
        retried = True


def apt_install(packages: Sequence[str], what: str) -> None:
    """`apt-get update` then `apt-get install -y` Debian packages (as root, or through `sudo -n`),
    each waiting for apt's locks; or say how to install them by hand."""
    if shutil.which("apt-get") is None:
        raise LayerError(f"{what} is missing and apt-get is not available: install the Debian/Ubuntu "
                         f"packages {' '.join(packages)}")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    if sudo and shutil.which("sudo") is None:
        raise LayerError(f"{what} is missing: run `apt-get install -y {' '.join(packages)}` as root")
    env_cmd = ["env", "DEBIAN_FRONTEND=noninteractive"]
    try:
        _apt(sudo + env_cmd + ["apt-get", "update"], "apt-get update")
        _apt(sudo + env_cmd + ["apt-get", "install", "-y", *packages], f"apt-get install {' '.join(packages)}")
    except LayerError as exc:
        raise LayerError(f"{exc}: install them yourself (`sudo apt-get install -y {' '.join(packages)}`)") from None


# The cross-engine layer's browsers (e2e_engines/drivers.py): program -> Debian package.
ENGINE_PACKAGES = {
    "/usr/bin/firefox-esr": "firefox-esr",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",  # brings WebKitGTK's MiniBrowser
    "/usr/bin/xvfb-run": "xvfb",
    str(CHROMIUM): "chromium",  # its cold, warm and offline starts beside theirs
}


def missing_debian_packages(layers: Iterable[str]) -> list[str]:
    """The Debian packages the given browser layers ("e2e", "engines") need and this machine lacks."""
    wanted: dict[str, str] = {}
    if "e2e" in layers:
        wanted[str(CHROMIUM)] = "chromium"
    if "engines" in layers:
        wanted.update(ENGINE_PACKAGES)
    return sorted({pkg for path, pkg in wanted.items() if not Path(path).exists()})


def ensure_debian_packages(layers: Iterable[str]) -> None:
    """Every Debian package the browser layers need, in one apt step, before the layers split
    into threads: a fresh machine pays one `apt-get update` and no two apt runs overlap."""
    missing = missing_debian_packages(layers)
    if not missing:
        return
    step(f"installing Debian's {' '.join(missing)} with apt-get in one step (Chromium alone is ~480 MB)")
    apt_install(missing, "a browser of the test layers (never `playwright install`)")


def ensure_engines() -> None:
    """Debian's Firefox ESR, WebKitGTK's WebDriver and Xvfb (nothing downloads a browser)."""
    ensure_debian_packages(["engines"])
    still = [path for path in ENGINE_PACKAGES if not Path(path).exists()]
    if still:
        raise LayerError(f"still missing after apt-get install: {', '.join(still)}")
    step("firefox-esr, WebKitWebDriver, xvfb-run and chromium present")


def ensure_chromium() -> None:
    """Debian's Chromium for Playwright (Playwright's own browser download can't work here)."""
    ensure_debian_packages(["e2e"])
    if not CHROMIUM.exists():
        raise LayerError(f"{CHROMIUM} still missing after apt-get install chromium")
    step(f"{CHROMIUM} present")
