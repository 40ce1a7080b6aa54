"""What test modules share, and no tests: Pilot helpers, campaigns built for
several modules, per-area helpers. A test module never imports another test
module (tests/test_test_hygiene.py checks it); what two need lives here, or in
``tests/conftest.py`` when it is a fixture."""
