"""Fixtures for the web studio's browser tests.

The server under test is at PP_BASE_URL (scripts/browser-tests starts one). Chromium is Debian's,
driven by Playwright for Python; the microphone is Chromium's fake device playing a speech WAV
made here with espeak-ng and sox.
"""
import os
import subprocess

import pytest
from playwright.sync_api import sync_playwright

from helpers import REPORT

CHROMIUM = os.environ.get("PP_CHROMIUM", "/usr/lib/chromium/chromium")
COMMON_ARGS = ["--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required", "--no-sandbox"]


def pytest_terminal_summary(terminalreporter):
    if REPORT:
        terminalreporter.section("browser test figures")
        for line in REPORT:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def audio_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("audio")


@pytest.fixture(scope="session")
def speech_wav(audio_dir):
    """About 10 s of espeak-ng speech, 48 kHz mono 16-bit, 0.4 s silence before and 0.6 s after."""
    raw = audio_dir / "speech-raw.wav"
    out = audio_dir / "speech.wav"
    text = ("Hello, this is a test of the PitchPerfect studio. I am speaking slowly so the recorder "
            "has something to hear, and the voices can change it.")
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "160", "-w", str(raw), text], check=True)
    subprocess.run(["sox", str(raw), "-r", "48000", "-c", "1", "-b", "16", str(out), "pad", "0.4", "0.6"], check=True)
    return out


@pytest.fixture(scope="session")
def long_wav(audio_dir, speech_wav):
    """Exactly 60 s of speech (the speech file repeated), 48 kHz mono 16-bit."""
    out = audio_dir / "speech-60s.wav"
    subprocess.run(["sox", str(speech_wav), str(out), "repeat", "6", "trim", "0", "60"], check=True)
    return out


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


def launch(playwright_instance, *extra):
    return playwright_instance.chromium.launch(executable_path=CHROMIUM, args=[*COMMON_ARGS, *extra])


@pytest.fixture(scope="session")
def browser(playwright_instance, speech_wav):
    """Chromium whose microphone is the speech file, played once (%noloop), permission granted."""
    b = launch(playwright_instance,
               "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
               f"--use-file-for-fake-audio-capture={os.path.abspath(speech_wav)}%noloop")
    yield b
    b.close()


def watch(page):
    """Collects page errors so a test can assert there were none."""
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@pytest.fixture()
def page(browser):
    # A fresh context per test: the fake capture file restarts with each new microphone stream.
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    p = watch(context.new_page())
    yield p
    context.close()
