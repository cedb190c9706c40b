//! `posy_server::enquiries::letters`'s own tests (they were its `mod tests`).

use posy_core::studio::StudioFacts;
use posy_server::enquiries::letters::*;

#[test]
fn the_studios_copy_of_an_enquiry_says_what_it_is_about_in_words() {
    let enquiry = posy_core::enquiry::EnquiryForm {
        name: "Hannah Price".into(),
        email: "hannah@example.com".into(),
        phone: String::new(),
        enquiry_type: "event".into(),
        message: "A workshop for six?".into(),
    }
    .parse()
    .unwrap();
    let body = new_enquiry(7, &enquiry).body;
    assert!(body.contains("About: An event or workshop"), "{body}");
    let thanks = enquiry_received(&StudioFacts::demo(), &enquiry).body;
    assert!(thanks.starts_with("Dear Hannah,\n"), "{thanks}");
    assert!(thanks.contains("> A workshop for six?"), "{thanks}");
}
