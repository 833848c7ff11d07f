"""What expect_json.py and expect_yaml.cjs share: the checksum that ties an expectation to the
exact record the test writes, and the text rules of docs/record-format.md ("Text")."""

MAX_DEPTH = 64  # formats/read_limits.h


def fnv1a(data: bytes) -> str:
    """32-bit FNV-1a of the bytes, as 8 hex digits."""
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def control_at(text: str, free_text: bool) -> bool:
    """True when text holds a character it may not: C0 (tab and line feed allowed in free
    text), DEL, C1."""
    for c in text:
        code = ord(c)
        if code < 0x20 and not (free_text and c in "\t\n"):
            return True
        if code == 0x7F or 0x80 <= code <= 0x9F:
            return True
    return False


def raw_control(data: bytes) -> bool:
    """True when the bytes hold DEL or a C1 control written raw (C0 ones are never valid JSON or
    YAML outside tab and line breaks, so the syntax already refuses them)."""
    if 0x7F in data:
        return True
    return any(data[i] == 0xC2 and 0x80 <= data[i + 1] <= 0x9F for i in range(len(data) - 1))
