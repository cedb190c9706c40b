//! The video worker: converts uploaded videos one at a time in the background, with ffmpeg, to
//! H.264 MP4 of at most 1280×720 with a `.jpg` poster beside them (the spec's thumbnail rule),
//! and marks each `ready` or `failed`. Conversions a stopped server left half-done start again.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use tokio::process::Command;
use tokio::sync::Semaphore;

use crate::entities::album_image::{self, ImageStatus};
use crate::media_store::Media;

/// Converts videos one at a time in the background, in a work folder, then stores the MP4 and
/// its poster.
#[derive(Clone)]
pub struct Videos {
    db: DatabaseConnection,
    media: Media,
    work_dir: PathBuf,
    permits: Arc<Semaphore>,
}

impl Videos {
    pub fn new(db: DatabaseConnection, media: Media, work_dir: PathBuf) -> Videos {
        Videos {
            db,
            media,
            work_dir,
            permits: Arc::new(Semaphore::new(1)),
        }
    }

    /// Makes the work folder where uploads wait.
    pub(super) async fn prepare(&self) -> std::io::Result<()> {
        tokio::fs::create_dir_all(&self.work_dir).await
    }

    /// Where an upload waits for conversion.
    pub(super) fn upload_path(&self, stem: &str) -> PathBuf {
        self.work_dir.join(format!("{stem}.upload"))
    }

    /// Converts the upload waiting for image `id`.
    pub fn convert(&self, id: i32, stem: String) {
        let videos = self.clone();
        tokio::spawn(async move {
            let Ok(_permit) = videos.permits.acquire().await else {
                return;
            };
            let upload = videos.upload_path(&stem);
            let mp4 = videos.work_dir.join(format!("{stem}.mp4"));
            let poster = videos.work_dir.join(format!("{stem}.jpg"));
            let outcome = async {
                let size = convert_video(&upload, &mp4, &poster).await?;
                for (local, name) in [
                    (&mp4, format!("albums/{stem}.mp4")),
                    (&poster, format!("albums/{stem}.jpg")),
                ] {
                    videos
                        .media
                        .put(&name, tokio::fs::read(local).await?)
                        .await?;
                }
                anyhow::Ok(size)
            }
            .await;
            let update = album_image::Entity::update_many().filter(album_image::Column::Id.eq(id));
            let update = match &outcome {
                Ok((w, h)) => update
                    .col_expr(album_image::Column::Status, Expr::value(ImageStatus::Ready))
                    .col_expr(album_image::Column::Width, Expr::value(*w as i32))
                    .col_expr(album_image::Column::Height, Expr::value(*h as i32)),
                Err(err) => {
                    tracing::warn!(id, %err, "a video could not be converted");
                    update.col_expr(
                        album_image::Column::Status,
                        Expr::value(ImageStatus::Failed),
                    )
                }
            };
            if let Err(err) = update.exec(&videos.db).await {
                tracing::error!(id, %err, "could not record a converted video");
            }
            for local in [&upload, &mp4, &poster] {
                let _ = tokio::fs::remove_file(local).await;
            }
        });
    }

    /// Starts again the conversions a stopped server left half-done.
    pub async fn resume(&self) -> Result<(), sea_orm::DbErr> {
        let waiting = album_image::Entity::find()
            .filter(album_image::Column::Status.eq(ImageStatus::Processing))
            .all(&self.db)
            .await?;
        for image in waiting {
            if let Some(stem) = image
                .file_path
                .strip_prefix("albums/")
                .and_then(|p| p.strip_suffix(".mp4"))
            {
                if self.upload_path(stem).exists() {
                    self.convert(image.id, stem.to_owned());
                } else {
                    album_image::Entity::update_many()
                        .col_expr(
                            album_image::Column::Status,
                            Expr::value(ImageStatus::Failed),
                        )
                        .filter(album_image::Column::Id.eq(image.id))
                        .exec(&self.db)
                        .await?;
                }
            }
        }
        Ok(())
    }
}

/// Converts a video to H.264 MP4 of at most 1280×720 (`mp4`) with a poster (`poster`);
/// answers the video's size.
async fn convert_video(input: &Path, mp4: &Path, poster: &Path) -> anyhow::Result<(u32, u32)> {
    let partial: PathBuf = mp4.with_extension("partial.mp4");
    let converted = Command::new("ffmpeg")
        .args(["-nostdin", "-y", "-loglevel", "error", "-i"])
        .arg(input)
        .args([
            "-vf",
            "scale=w='min(1280,iw)':h='min(720,ih)':force_original_aspect_ratio=decrease,\
             scale=trunc(iw/2)*2:trunc(ih/2)*2",
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-crf",
            "23",
            "-pix_fmt",
            "yuv420p",
            "-c:a",
            "aac",
            "-b:a",
            "128k",
            "-movflags",
            "+faststart",
        ])
        .arg(&partial)
        .output()
        .await?;
    anyhow::ensure!(
        converted.status.success(),
        "ffmpeg: {}",
        String::from_utf8_lossy(&converted.stderr)
    );
    tokio::fs::rename(&partial, mp4).await?;
    let frame = Command::new("ffmpeg")
        .args(["-nostdin", "-y", "-loglevel", "error", "-i"])
        .arg(mp4)
        .args(["-frames:v", "1", "-q:v", "3"])
        .arg(poster)
        .output()
        .await?;
    anyhow::ensure!(
        frame.status.success(),
        "ffmpeg poster: {}",
        String::from_utf8_lossy(&frame.stderr)
    );
    let probe = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=width,height",
            "-of",
            "csv=p=0",
        ])
        .arg(mp4)
        .output()
        .await?;
    let text = String::from_utf8_lossy(&probe.stdout);
    let mut parts = text.trim().split(',').map(|n| n.trim().parse::<u32>());
    match (parts.next(), parts.next()) {
        (Some(Ok(w)), Some(Ok(h))) => Ok((w, h)),
        _ => Ok((1280, 720)),
    }
}
