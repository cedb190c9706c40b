//! The video worker: converts uploaded videos one at a time in the background, with ffmpeg, to
//! H.264 MP4 of at most 1280×720 with a `.jpg` poster beside them (the spec's thumbnail rule),
//! and marks each `ready` or `failed`. Conversions a stopped server left half-done start again.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use tokio::process::Command;
use tokio::sync::Semaphore;

use crate::media::store::Media;
use crate::store::db::in_background;
use crate::store::entities::album_image::{self, ImageStatus};

/// The longest a kept video runs; the rest is cut.
const MAX_VIDEO_SECONDS: &str = "600";
/// How long one conversion may take before ffmpeg is stopped.
const CONVERT_TIME_LIMIT: Duration = Duration::from_secs(30 * 60);
/// How long a poster frame or a probe may take.
const TOOL_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs an outside program with a time limit; it is killed when the limit passes or when the
/// task waiting for it is dropped (`kill_on_drop`), so no stuck ffmpeg outlives its job.
pub(super) async fn limited(
    command: &mut Command,
    limit: Duration,
) -> anyhow::Result<std::process::Output> {
    command
        .kill_on_drop(true)
        .stdin(std::process::Stdio::null());
    match tokio::time::timeout(limit, command.output()).await {
        Ok(output) => Ok(output?),
        Err(_) => anyhow::bail!("stopped after {} s", limit.as_secs()),
    }
}

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

    /// The folder where uploads wait and are converted.
    pub(super) fn work_dir(&self) -> &Path {
        &self.work_dir
    }

    /// Where an upload waits for conversion.
    pub fn upload_path(&self, stem: &str) -> PathBuf {
        self.work_dir.join(format!("{stem}.upload"))
    }

    /// Converts the upload waiting for image `id`.
    pub fn convert(&self, id: i32, stem: String) {
        let videos = self.clone();
        tokio::spawn(in_background(async move {
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
                    videos.media.put_file(&name, local).await?;
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
        }));
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

/// ffmpeg reading `input` on `threads` threads, quietly, never waiting for a keyboard, and
/// overwriting what it writes.
fn ffmpeg(threads: &str, input: &Path) -> Command {
    let mut command = Command::new("ffmpeg");
    command
        .args([
            "-nostdin",
            "-y",
            "-loglevel",
            "error",
            "-threads",
            threads,
            "-i",
        ])
        .arg(input);
    command
}

/// Converts a video to H.264 MP4 of at most 1280×720 (`mp4`) with a poster (`poster`);
/// answers the video's size.
pub async fn convert_video(input: &Path, mp4: &Path, poster: &Path) -> anyhow::Result<(u32, u32)> {
    let partial: PathBuf = mp4.with_extension("partial.mp4");
    let mut convert = ffmpeg("2", input);
    convert
        .args([
            // Only the first video and audio streams, and none of the file's metadata: a
            // phone's clip carries where it was filmed.
            "-map",
            "0:v:0",
            "-map",
            "0:a:0?",
            "-map_metadata",
            "-1",
            "-map_chapters",
            "-1",
            "-t",
            MAX_VIDEO_SECONDS,
            "-threads",
            "2",
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
        .arg(&partial);
    let converted = limited(&mut convert, CONVERT_TIME_LIMIT).await?;
    anyhow::ensure!(
        converted.status.success(),
        "ffmpeg: {}",
        String::from_utf8_lossy(&converted.stderr)
    );
    tokio::fs::rename(&partial, mp4).await?;
    let mut still = ffmpeg("1", mp4);
    still
        .args(["-frames:v", "1", "-q:v", "3", "-map_metadata", "-1"])
        .arg(poster);
    let frame = limited(&mut still, TOOL_TIME_LIMIT).await?;
    anyhow::ensure!(
        frame.status.success(),
        "ffmpeg poster: {}",
        String::from_utf8_lossy(&frame.stderr)
    );
    let mut probe = Command::new("ffprobe");
    probe
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
        .arg(mp4);
    let probe = limited(&mut probe, TOOL_TIME_LIMIT).await?;
    let text = String::from_utf8_lossy(&probe.stdout);
    let mut parts = text.trim().split(',').map(|n| n.trim().parse::<u32>());
    match (parts.next(), parts.next()) {
        (Some(Ok(w)), Some(Ok(h))) => Ok((w, h)),
        _ => Ok((1280, 720)),
    }
}
