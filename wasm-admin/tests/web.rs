//! The back office's exports, run in Node by wasm-bindgen's test runner.

use posy_wasm_admin::reply_mail_text;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn a_reply_mail_is_written_as_the_server_writes_it() {
    assert_eq!(
        reply_mail_text(
            " Dear Hannah, ",
            "Yes, we can.\r\n",
            "Jo\r\nPosy",
            "June?\n60 guests."
        ),
        "Dear Hannah,\n\nYes, we can.\n\nJo\nPosy\n\nYou wrote:\n> June?\n> 60 guests.\n"
    );
}
