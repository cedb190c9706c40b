//! `posy_server::orders::export`'s own tests (they were its `mod tests`).

use posy_server::orders::export::*;

#[test]
fn formulas_are_written_as_text() {
    assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    assert_eq!(cell("+44 117"), "'+44 117");
    assert_eq!(cell("-1"), "'-1");
    assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(cell("\tx"), "'\tx");
    assert_eq!(cell("\rx"), "\"'\rx\"");
    assert_eq!(cell("Jo"), "Jo");
}

#[test]
fn commas_semicolons_quotes_and_lines_are_quoted() {
    assert_eq!(cell("Happy birthday, Mum"), "\"Happy birthday, Mum\"");
    assert_eq!(cell("2 × Rose; 1 × Vase"), "\"2 × Rose; 1 × Vase\"");
    assert_eq!(cell("-1; x"), "\"'-1; x\"");
    assert_eq!(cell("Love\nJo"), "\"Love\nJo\"");
    assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
}
