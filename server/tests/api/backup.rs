//! `posy backup` and `posy restore`, run as the studio's IT person runs them: the built binary
//! against a running shop, then a new shop started on the restored folder (and, on PostgreSQL,
//! a new database).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use tokio::process::Command;

use reqwest::multipart::{Form, Part};

use crate::builders::{OrderBuilder, ProductBuilder};
use crate::files::noisy_png;
use crate::helpers::{
    Options, admin_session, fresh_postgres_database, post_form, spawn_app, spawn_app_with,
};

/// Runs `posy` with these arguments: whether it succeeded, and what it printed.
pub async fn posy(args: &[&str]) -> (bool, String) {
    posy_with(args, &[]).await
}

/// Runs `posy` with these arguments and environment variables.
///
/// Awaited, never waited for: a test's shop runs on the test's own thread, and a background
/// task caught mid-write while the thread was blocked kept the database locked, so that
/// `posy` waited for it for ever (1 run in 7 under load).
pub async fn posy_with(args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_posy"));
    command.args(args);
    said_by(command, env).await
}

/// `posy admin create` making the account `ruth` in the shop at `data`, with `more` of its
/// flags and `env`: whether it succeeded, and what it printed.
pub async fn create_ruth(data: &Path, more: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let create = [
        "admin",
        "create",
        "--username",
        "ruth",
        "--data-dir",
        path(data),
    ];
    posy_with(&[&create[..], more].concat(), env).await
}

/// Runs `posy` with the umask of a root shell (022), which leaves what it makes readable by
/// every account: the tests' own process has the shop's 077 from the shops it started.
async fn posy_with_open_umask(args: &[&str]) -> (bool, String) {
    let mut command = Command::new("sh");
    command
        .args([
            "-c",
            "umask 022; exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_posy"),
        ])
        .args(args);
    said_by(command, &[]).await
}

/// Whether `command` succeeded, and what it printed.
async fn said_by(mut command: Command, env: &[(&str, &str)]) -> (bool, String) {
    let output = command
        .env_remove("POSY_DATA_DIR")
        .env_remove("DATABASE_URL")
        .env_remove("POSY_ADMIN_PASSWORD")
        .env_remove("POSY_STUDIO_EMAIL")
        .envs(env.iter().copied())
        .output()
        .await
        .expect("posy runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), said)
}

pub fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[tokio::test]
async fn a_running_shop_is_backed_up_and_restored_into_an_empty_folder_with_its_orders_and_pictures()
 {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let made = ProductBuilder::new("Frost Posy")
        .create(&app, &session)
        .await;
    let id = made["id"].as_i64().unwrap();
    let picture = Form::new().part(
        "picture",
        Part::bytes(noisy_png(320, 240)).file_name("frost.png"),
    );
    let (status, body) = post_form(
        &app,
        &format!("/api/admin/products/{id}/picture/"),
        &session,
        picture,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let placed = OrderBuilder::of("Frost Posy", 1).place(&app).await;
    let order_path = format!("/api/orders/{}?token={}", placed.id, placed.token);
    let (_, order) = app.get_json(&order_path).await;
    let (_, product) = app.get_json(&format!("/api/products/{id}/")).await;
    let image = product["image"]
        .as_str()
        .expect("the product has its picture")
        .to_owned();
    let picture_bytes = app.get(&image).await.bytes().await.unwrap();

    // Backed up while the shop runs, into a folder kept to the newest two.
    let backups = tempfile::tempdir().unwrap();
    let database_url = app.database_url();
    for _ in 0..3 {
        let (ok, said) = posy(&[
            "backup",
            "--to",
            path(backups.path()),
            "--keep",
            "2",
            "--data-dir",
            path(&app.data_dir),
            "--database-url",
            &database_url,
        ])
        .await;
        assert!(ok, "{said}");
        assert!(said.contains("Backed up the shop into"), "{said}");
        // The names carry the second they were made.
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    let mut files: Vec<_> = std::fs::read_dir(backups.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "the oldest was removed: {files:?}");
    let file = files.pop().unwrap();
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "only the shop's owner may read a backup");
    // The back office can tell when the last one ran.
    assert!(app.data_dir.join("last-backup.json").is_file());

    // Restored into a new folder (and a new database on PostgreSQL)...
    let restored_dir = tempfile::tempdir().unwrap();
    let target = restored_dir.path().join("shop");
    let database = fresh_postgres_database().await;
    let mut args = vec!["restore", path(&file), "--data-dir", path(&target)];
    if let Some(url) = &database {
        args.extend(["--database-url", url]);
    }
    let (ok, said) = posy_with_open_umask(&args).await;
    assert!(ok, "{said}");
    assert!(said.contains("Restored the backup made at"), "{said}");
    // Its media folders as private as its files, before any shop starts on them.
    let media_folders = folders_in(&target.join("media"));
    assert!(media_folders.len() > 1, "{media_folders:?}");
    for folder in media_folders {
        let mode = std::fs::metadata(&folder).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{} is private", folder.display());
    }

    // ...never over a shop that is there.
    let (ok, said) = posy(&args).await;
    assert!(!ok, "a second restore into the same place is refused");
    assert!(said.contains("is not empty"), "{said}");

    // The shop starts on it: the order by its link, the picture.
    let restored = spawn_app_with(Options {
        existing: Some((target.clone(), database.clone())),
        ..Options::default()
    })
    .await;
    let (status, again) = restored.get_json(&order_path).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again, order);
    let response = restored.get(&image).await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.bytes().await.unwrap(), picture_bytes);
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "the restored folder is private");
}

#[tokio::test]
async fn a_damaged_or_foreign_backup_restores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_backup = dir.path().join("photo.tar");
    std::fs::write(&not_a_backup, b"not a tar at all").unwrap();
    let target = dir.path().join("shop");
    let (ok, said) = posy(&["restore", path(&not_a_backup), "--data-dir", path(&target)]).await;
    assert!(!ok);
    assert!(
        said.contains("no manifest")
            || said.contains("not a Posy backup")
            || said.contains("damaged"),
        "{said}"
    );
    assert!(!target.exists(), "the folder it made is taken away again");

    // A folder it cannot make is named, with what to do.
    let unmakeable = not_a_backup.join("shop");
    let (ok, said) = posy(&[
        "restore",
        path(&not_a_backup),
        "--data-dir",
        path(&unmakeable),
    ])
    .await;
    assert!(!ok);
    assert!(
        said.contains(&format!(
            "could not make the data folder {}: not a directory. Make it first (empty, owned by \
             the shop's account), then restore into it",
            unmakeable.display()
        )),
        "{said}"
    );

    let (ok, said) = posy(&[
        "backup",
        "--to",
        path(&dir.path().join("x.tar")),
        "--data-dir",
        path(&dir.path().join("no-shop-here")),
    ])
    .await;
    assert!(!ok);
    assert!(said.contains("there is no shop database at"), "{said}");
}

/// `folder` and every folder under it.
fn folders_in(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut found = vec![folder.to_owned()];
    for entry in std::fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            found.extend(folders_in(&entry.path()));
        }
    }
    found
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[tokio::test]
async fn the_data_folder_is_private_when_made_and_tightened_when_an_older_shop_starts() {
    let app = spawn_app().await;
    // A letter in the outbox: an enquiry mails the studio.
    let (status, body) = app
        .post_json(
            "/api/contact/",
            &serde_json::json!({
                "name": "Hannah Price", "email": "hannah@example.com",
                "enquiryType": "wedding", "message": "Do you deliver to Clevedon?",
            }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    app.mail(1).await;
    // Only letters written whole: the enquiry's second letter may still be a `.….eml.partial`,
    // renamed away from under the test (a failure seen once in CI, stop 45).
    let letters: Vec<_> = std::fs::read_dir(app.data_dir.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    assert!(!letters.is_empty());
    // On PostgreSQL the data folder holds media and mail, not the database.
    let database = app.data_dir.join("posy.db");
    let sqlite = database.exists();
    let private: Vec<_> = [database.clone(), letters[0].clone()]
        .into_iter()
        .filter(|p| p.exists())
        .collect();
    for made in private {
        assert_eq!(
            mode(&made),
            0o600,
            "{} is private from the start",
            made.display()
        );
    }
    assert_eq!(mode(&app.data_dir), 0o700);

    // As an older Posy left them: readable by every account on the machine.
    let set = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    set(&app.data_dir, 0o755);
    if sqlite {
        set(&database, 0o644);
    }
    set(&letters[0], 0o644);
    let products = app.data_dir.join("media").join("products");
    std::fs::create_dir_all(&products).unwrap();
    set(&app.data_dir.join("media"), 0o755);
    set(&products, 0o755);
    let app = app.killed_and_restarted().await;
    assert_eq!(mode(&app.data_dir.join("media")), 0o700);
    assert_eq!(mode(&products), 0o700);
    assert_eq!(mode(&app.data_dir), 0o700);
    if sqlite {
        assert_eq!(mode(&database), 0o600);
    }
    assert_eq!(mode(&letters[0]), 0o600);
}
