"""Headless Chromium for the players' page tests (Debian's `chromium` and
`chromium-driver`, through selenium): the ``browser`` fixture and
``wait_for``. Skipped only when no browser is found here; under
TRACKER_REQUIRE_BROWSER=1 (CI: .ci/run) a missing browser fails."""

from __future__ import annotations

import os
import shutil
import time

import pytest


def _browser():
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chrome and driver:
        return chrome, driver
    why = "no chromium and chromedriver here (apt-get install chromium chromium-driver)"
    if os.environ.get("TRACKER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"TRACKER_REQUIRE_BROWSER=1 but {why}")
    pytest.skip(why)


@pytest.fixture
def browser():
    chrome, driver = _browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chrome
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1280,800"):
        opts.add_argument(a)
    b = webdriver.Chrome(service=Service(driver), options=opts)
    yield b
    b.quit()


def wait_for(fn, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if fn():
            return True
        time.sleep(0.02)
    return False
