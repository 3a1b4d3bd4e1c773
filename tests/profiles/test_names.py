"""Display names: length, characters, reserved names, uniqueness key."""

import pytest

from regalia.profiles.errors import InvalidName
from regalia.profiles.names import name_key, validate_display_name


@pytest.mark.parametrize("name", ["Anne Bonny", "Calico_Jack", "Mary-Read", "O'Malley", "Zheng Yi Sao", "Émilie",
                                  "李小龙", "Ahab42", "R2D2", "नमस्ते", "やまだ太郎", "Ивана"])
def test_good_names(name):
    assert validate_display_name(name) == name


def test_names_are_trimmed_and_nfkc_normalized():
    assert validate_display_name("  Anne  ") == "Anne"
    assert validate_display_name("Ａｎｎｅ") == "Anne"  # full-width letters


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Al", "at least 3"),
        ("A" * 21, "at most 20"),
        ("x" * 500, "at most 20"),
        ("Anne<script>", "may not contain '<'"),
        ("Anne\u200bBonny", "may not contain"),
        ("Anne\nBonny", "may not contain"),
        ("_Anne", "starts and ends"),
        ("Anne.", "starts and ends"),
        ("Anne  Bonny", "one separator"),
        ("Anne-_Bonny", "one separator"),
        ("1234", "at least one letter"),
        ("\u0410nne", "one alphabet, not a mix \\(CYRILLIC, LATIN\\)"),
        ("\u0301Anne", "starts and ends"),
        ("Admin", "reserved"),
        ("A d-m_i n", "reserved"),
        ("Computer", "reserved"),
        ("HARD", "reserved"),
        ("regalia", "reserved"),
        (None, "must be text"),
        (42, "must be text"),
    ],
)
def test_bad_names_name_the_rule(name, rule):
    with pytest.raises(InvalidName, match=rule):
        validate_display_name(name)


def test_name_key_ignores_case_and_separators():
    assert name_key("Anne Bonny") == name_key("anne_bonny") == name_key("ANNE-BONNY") == "annebonny"
    assert name_key("Anne") != name_key("Anna")
