//! `posy_server::app::backup`'s own tests (they were its `mod tests`).

use posy_server::app::backup::*;
use posy_server::store::db;
use std::fs::{self, File};
use std::path::PathBuf;

#[test]
fn only_the_oldest_named_backups_past_the_newest_few_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "posy-backup-20261201T020000Z.tar",
        "posy-backup-20261203T020000Z.tar",
        "posy-backup-20261202T020000Z.tar",
        "notes.txt",
        "posy-backup-20261130T020000Z.tar.partial",
    ] {
        fs::write(dir.path().join(name), b"x").unwrap();
    }
    let removed = db::remove_oldest(dir.path(), PREFIX, ".tar", 2).unwrap();
    assert_eq!(
        removed,
        [dir.path().join("posy-backup-20261201T020000Z.tar")]
    );
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            "notes.txt",
            "posy-backup-20261130T020000Z.tar.partial",
            "posy-backup-20261202T020000Z.tar",
            "posy-backup-20261203T020000Z.tar",
        ]
    );
}

#[test]
fn a_backup_naming_a_file_outside_its_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let evil = dir.path().join("evil.tar");
    {
        let mut tar = tar::Builder::new(File::create(&evil).unwrap());
        let mut header = tar::Header::new_gnu();
        header.set_size(1);
        header.set_mode(0o600);
        // `append_data` refuses `..` itself: write the name into the header directly.
        header.as_old_mut().name[..12].copy_from_slice(b"../escaped.x");
        header.set_cksum();
        tar.append(&header, &b"x"[..]).unwrap();
        tar.finish().unwrap();
    }
    let err = unpack_checked(&evil, &dir.path().join("staging")).unwrap_err();
    assert!(err.to_string().contains("outside its folder"), "{err}");
    assert!(!dir.path().join("escaped.x").exists());
}

#[test]
fn a_damaged_file_is_found_before_anything_is_restored() {
    let dir = tempfile::tempdir().unwrap();
    let made = dir.path().join("made.tar");
    let db = dir.path().join("posy.db");
    fs::write(&db, b"the database").unwrap();
    let media = dir.path().join("media");
    fs::create_dir_all(media.join("products")).unwrap();
    fs::write(media.join("products/rose.jpg"), b"a rose").unwrap();
    let manifest = Manifest {
        format: FORMAT,
        posy_version: "test".into(),
        made_at: "2026-12-01T02:00:00Z".into(),
        database: "sqlite".into(),
        migrations: vec!["m1".into()],
        media: "in this backup".into(),
        files: Vec::new(),
    };
    write_archive(
        &made,
        manifest,
        (SQLITE_COPY, db),
        &media,
        &[PathBuf::from("products/rose.jpg")],
    )
    .unwrap();
    let read = unpack_checked(&made, &dir.path().join("good")).unwrap();
    assert_eq!(read.files.len(), 2);
    assert_eq!(
        fs::read(dir.path().join("good/media/products/rose.jpg")).unwrap(),
        b"a rose"
    );
    // One byte of the rose changed in the file: same size, another checksum.
    let mut bytes = fs::read(&made).unwrap();
    let at = bytes.windows(6).position(|w| w == b"a rose").unwrap();
    bytes[at] = b'A';
    fs::write(&made, bytes).unwrap();
    let err = unpack_checked(&made, &dir.path().join("bad")).unwrap_err();
    assert!(
        err.to_string()
            .contains("media/products/rose.jpg in this backup is missing or damaged"),
        "{err}"
    );
}
