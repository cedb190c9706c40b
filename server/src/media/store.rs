//! Where uploaded and demo media live, behind one trait: a local folder by default (served at
//! /media/), or any S3-compatible store through the object_store crate (served from its own
//! public address, `POSY_MEDIA_URL`). Paths are relative, e.g. `albums/3f2a…-960.jpg`; in a
//! bucket they are kept under `media/`, so the public URL is the same shape either way.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;

use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use object_store::buffered::BufWriter;
use object_store::path::Path as StorePath;

/// What a store call eventually gives.
pub type Reply<'a> = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;

/// A place to keep media files.
pub trait MediaStore: Send + Sync {
    /// Writes a whole file, replacing any at that path.
    fn put<'a>(&'a self, path: &'a str, bytes: Vec<u8>) -> Reply<'a>;
    /// Copies the local file `from` to `path`, replacing any there, without reading it whole
    /// into memory (a converted video may be hundreds of megabytes).
    fn put_file<'a>(&'a self, path: &'a str, from: &'a Path) -> Reply<'a>;
    /// Removes a file; a missing one is not an error.
    fn delete<'a>(&'a self, path: &'a str) -> Reply<'a>;
}

/// The store the shop uses, shared by every request.
pub type Media = Arc<dyn MediaStore>;

/// Files in a folder (`data/media` by default).
pub struct LocalFolder(pub PathBuf);

pub fn safe(path: &str) -> anyhow::Result<&str> {
    anyhow::ensure!(
        !path.is_empty()
            && !path.starts_with('/')
            && !path.split('/').any(|p| p == ".." || p.is_empty()),
        "not a media path: {path:?}"
    );
    Ok(path)
}

impl MediaStore for LocalFolder {
    fn put<'a>(&'a self, path: &'a str, bytes: Vec<u8>) -> Reply<'a> {
        Box::pin(async move {
            let target = self.0.join(safe(path)?);
            if let Some(parent) = target.parent() {
                tokio::fs::create_dir_all(parent).await?;
            }
            // Written whole under another name, then renamed: nobody is served half a file.
            let partial = target.with_extension("partial");
            tokio::fs::write(&partial, bytes).await?;
            tokio::fs::rename(&partial, &target).await?;
            Ok(())
        })
    }

    fn put_file<'a>(&'a self, path: &'a str, from: &'a Path) -> Reply<'a> {
        Box::pin(async move {
            let target = self.0.join(safe(path)?);
            if let Some(parent) = target.parent() {
                tokio::fs::create_dir_all(parent).await?;
            }
            let partial = target.with_extension("partial");
            tokio::fs::copy(from, &partial).await?;
            tokio::fs::rename(&partial, &target).await?;
            Ok(())
        })
    }

    fn delete<'a>(&'a self, path: &'a str) -> Reply<'a> {
        Box::pin(async move {
            match tokio::fs::remove_file(self.0.join(safe(path)?)).await {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err.into()),
                _ => Ok(()),
            }
        })
    }
}

/// An S3-compatible bucket.
pub struct Bucket(Arc<dyn ObjectStore>);

impl Bucket {
    /// The bucket, with the given keys or else credentials from the usual AWS_* variables; `endpoint` for stores
    /// other than Amazon's (MinIO, R2, a test double).
    pub fn new(
        bucket: &str,
        region: &str,
        endpoint: Option<&str>,
        keys: Option<(&str, &str)>,
    ) -> anyhow::Result<Bucket> {
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_region(region);
        if let Some((id, secret)) = keys {
            builder = builder
                .with_access_key_id(id)
                .with_secret_access_key(secret);
        }
        if let Some(endpoint) = endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        Ok(Bucket(Arc::new(builder.build()?)))
    }

    fn key(path: &str) -> anyhow::Result<StorePath> {
        Ok(StorePath::parse(format!("media/{}", safe(path)?))?)
    }
}

impl MediaStore for Bucket {
    fn put<'a>(&'a self, path: &'a str, bytes: Vec<u8>) -> Reply<'a> {
        Box::pin(async move {
            self.0.put(&Bucket::key(path)?, bytes.into()).await?;
            Ok(())
        })
    }

    fn put_file<'a>(&'a self, path: &'a str, from: &'a Path) -> Reply<'a> {
        Box::pin(async move {
            use tokio::io::AsyncWriteExt;
            // Sent in parts of a few megabytes (one PUT when it is small).
            let mut upload = BufWriter::new(self.0.clone(), Bucket::key(path)?);
            let mut file = tokio::fs::File::open(from).await?;
            tokio::io::copy(&mut file, &mut upload).await?;
            upload.shutdown().await?;
            Ok(())
        })
    }

    fn delete<'a>(&'a self, path: &'a str) -> Reply<'a> {
        Box::pin(async move {
            match self.0.delete(&Bucket::key(path)?).await {
                Err(object_store::Error::NotFound { .. }) | Ok(()) => Ok(()),
                Err(err) => Err(err.into()),
            }
        })
    }
}
