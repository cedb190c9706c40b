//! The data folder holds customers' names, addresses and messages: only the account the shop
//! runs as may read it. New files are private from the start (the process's umask), and an
//! existing shop's folder is tightened each time it starts (older versions made them readable
//! by every account on the machine).

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Every file and folder this process makes from now on is its owner's alone (umask 077): the
/// database and its journal, the outbox's letters, media, backups and work files.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn create_private_files() {
    // SAFETY: umask only sets the process's file-creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

/// Elsewhere the folder's own mode (below) keeps other accounts out.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn create_private_files() {}

/// The files beside the database that hold the shop's data or its secrets.
const DATABASE_FILES: [&str; 5] = [
    "posy.db",
    "posy.db-wal",
    "posy.db-shm",
    "posy.migrating",
    crate::store::health::LAST_BACKUP,
];

/// Makes an existing data folder private: the folder 0700, the database's files and the
/// outbox's letters 0600, the media folders 0700. Files that are not there are passed over.
pub fn tighten(data_dir: &Path) -> io::Result<()> {
    set_mode(data_dir, 0o700)?;
    for name in DATABASE_FILES {
        set_mode(&data_dir.join(name), 0o600)?;
    }
    let outbox = data_dir.join("outbox");
    set_mode(&outbox, 0o700)?;
    if let Ok(letters) = fs::read_dir(&outbox) {
        for letter in letters.flatten() {
            if letter.file_type().is_ok_and(|kind| kind.is_file()) {
                set_mode(&letter.path(), 0o600)?;
            }
        }
    }
    // Media (customers' pictures among them) was unpacked by older restores into folders
    // every account could read.
    tighten_folders(&data_dir.join("media"))
}

/// Makes `folder` and every folder under it 0700; files inside are left as they are (the
/// folders keep other accounts out).
fn tighten_folders(folder: &Path) -> io::Result<()> {
    set_mode(folder, 0o700)?;
    if let Ok(entries) = fs::read_dir(folder) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                tighten_folders(&entry.path())?;
            }
        }
    }
    Ok(())
}

fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(meta) if meta.permissions().mode() & 0o777 != mode => {
            fs::set_permissions(path, fs::Permissions::from_mode(mode))
        }
        Ok(_) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(err) => Err(err),
    }
}
