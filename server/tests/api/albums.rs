//! Gallery albums: the public list, the admin's calls (401 without a session), and uploads with
//! real files made here: a JPEG carrying GPS EXIF, PNG, HEIC, an MP4, and files to refuse.

use std::io::Cursor;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::files::{jpeg_with_gps, made_by, png};
use crate::helpers::{
    Options, TestApp, admin_session, assert_admin_only, assert_webp_sizes, json_of, post_form,
    spawn_app, spawn_app_with, srcset_urls,
};

fn part(name: &str, bytes: Vec<u8>) -> Part {
    Part::bytes(bytes).file_name(name.to_owned())
}

async fn new_album(app: &TestApp, session: &str, title: &str) -> i64 {
    let response = app
        .signed(Method::POST, "/api/albums/", Some(session))
        .multipart(
            Form::new()
                .text("title", title.to_owned())
                .text("description", "Made in a test"),
        )
        .send()
        .await
        .unwrap();
    let (status, album) = json_of("/api/albums/", response).await;
    assert_eq!(status, 200, "{album}");
    album["id"].as_i64().unwrap()
}

async fn upload(app: &TestApp, session: &str, album: i64, form: Form) -> (u16, Value) {
    let path = format!("/api/albums/{album}/upload_images/");
    post_form(app, &path, session, form).await
}

#[tokio::test]
async fn the_gallery_lists_the_demo_albums_with_their_pictures() {
    let app = spawn_app().await;
    let (status, albums) = app.get_json("/api/albums/").await;
    assert_eq!(status, 200);
    let albums = albums.as_array().unwrap();
    assert_eq!(albums.len(), 3);
    let first = &albums[0];
    assert_eq!(first["title"], "Summer weddings");
    assert_eq!(first["featured_image"], first["images"][0]["id"]);
    assert!(
        first["featured_image_url"]
            .as_str()
            .unwrap()
            .starts_with("/media/")
    );
    let picture = &first["images"][0];
    assert_eq!(picture["media_type"], "image");
    assert!(
        picture["file_url"]
            .as_str()
            .unwrap()
            .starts_with("/media/pages/")
    );
    assert_eq!(
        (picture["width"].as_i64(), picture["height"].as_i64()),
        (Some(1600), Some(1067))
    );
    let served = app.get(picture["file_url"].as_str().unwrap()).await;
    assert_eq!(served.status(), 200);
    // Drawn by art/ in the page widths, as JPEG and WebP.
    let srcset = picture["srcset"].as_str().unwrap();
    assert_eq!(
        srcset_urls(srcset).iter().map(|s| s.1).collect::<Vec<_>>(),
        [480, 960, 1600]
    );
    assert_webp_sizes(&app, picture["webp_srcset"].as_str().unwrap(), srcset).await;

    let empty = spawn_app_with(Options {
        no_demo: true,
        ..Options::default()
    })
    .await;
    assert_eq!(empty.get_json("/api/albums/").await, (200, json!([])));
}

#[tokio::test]
async fn every_admin_album_call_needs_a_session_and_the_unsafe_ones_the_csrf_header() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let calls = [
        (Method::GET, "/api/admin/albums/"),
        (Method::POST, "/api/albums/"),
        (Method::PUT, "/api/albums/1/"),
        (Method::DELETE, "/api/albums/1/"),
        (Method::POST, "/api/albums/1/upload_images/"),
        (Method::PUT, "/api/albums/1/images/1/"),
        (Method::DELETE, "/api/albums/1/images/1/"),
        (Method::POST, "/api/albums/1/reorder/"),
        (Method::GET, "/albums/"),
        (Method::POST, "/albums/"),
        (Method::POST, "/albums/1/upload_images/"),
    ]
    .map(|(method, path)| (method, path, json!({})));
    assert_admin_only(&app, &session, &calls).await;
}

#[tokio::test]
async fn albums_are_made_from_the_specs_form_or_json_and_need_a_title() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = new_album(&app, &session, "Autumn").await;
    let response = app
        .signed(Method::POST, "/albums/", Some(&session))
        .multipart(Form::new().text("title", "Through the spec's own path"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "the spec's /albums/ answers too");
    let stray = Form::new().text("title", "Stray").text("colour", "red");
    let response = app
        .signed(Method::POST, "/albums/", Some(&session))
        .multipart(stray)
        .send()
        .await
        .unwrap();
    let (status, body) = json_of("/albums/", response).await;
    assert_eq!(status, 400, "a part the form does not have: {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("We couldn't read that form"),
        "{body}"
    );
    let response = app
        .signed(Method::POST, "/api/albums/", Some(&session))
        .json(&json!({"title": "  ", "description": "x"}))
        .send()
        .await
        .unwrap();
    let (status, body) = json_of("/api/albums/", response).await;
    assert_eq!(status, 400);
    assert_eq!(body["fields"]["title"], "This field is required.");
    let (_, list) = app.get_json("/api/albums/").await;
    assert!(list.as_array().unwrap().iter().any(|a| a["id"] == id));
}

#[tokio::test]
async fn pictures_are_stored_resized_under_generated_names_without_their_exif() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Uploads").await;
    let original = jpeg_with_gps();
    assert!(original.windows(4).any(|w| w == b"Exif"));
    let form = Form::new()
        .part("images", part("../../wedding.jpg", original))
        .part("images", part("bouquet.png", png()))
        .part("featured_image", part("cover.png", png()));
    let (status, report) = upload(&app, &session, album, form).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["refused"], json!([]));
    let images = report["album"]["images"].as_array().unwrap();
    assert_eq!(images.len(), 3);
    assert_eq!(
        report["album"]["featured_image"], images[0]["id"],
        "the featured picture first"
    );
    let wedding = &images[1];
    assert_eq!(
        (wedding["width"].as_i64(), wedding["height"].as_i64()),
        (Some(1600), Some(1067))
    );
    let srcset = wedding["srcset"].as_str().unwrap();
    assert!(srcset.contains("480w"));
    assert_webp_sizes(&app, wedding["webp_srcset"].as_str().unwrap(), srcset).await;
    let url = wedding["file_url"].as_str().unwrap();
    assert!(
        url.starts_with("/media/albums/") && !url.contains("wedding"),
        "{url}"
    );
    let stored = app.get(url).await.bytes().await.unwrap();
    assert!(!stored.windows(4).any(|w| w == b"Exif"), "EXIF is gone");
    assert!(
        !stored.windows(3).any(|w| w == b"GPS"),
        "and the position with it"
    );
    assert!(
        !app.data_dir.join("wedding.jpg").exists()
            && !app.data_dir.parent().unwrap().join("wedding.jpg").exists()
    );
}

#[tokio::test]
async fn heic_pictures_become_jpeg() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "From a phone").await;
    let mut jpeg = Vec::new();
    image::DynamicImage::new_rgb8(640, 480)
        .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .unwrap();
    let heic = made_by(
        "heif-enc",
        &["in.jpg", "-o", "out.heic"],
        "out.heic",
        Some(("in.jpg", &jpeg)),
    );
    let (status, report) = upload(
        &app,
        &session,
        album,
        Form::new().part("images", part("IMG_0001.HEIC", heic)),
    )
    .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["refused"], json!([]));
    let picture = &report["album"]["images"][0];
    assert_eq!(picture["width"], 640);
    let served = app
        .get(picture["file_url"].as_str().unwrap())
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(&served[..2], &[0xFF, 0xD8], "a JPEG");
}

#[tokio::test]
async fn videos_are_converted_to_720p_mp4_with_a_poster_in_the_background() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Moving pictures").await;
    let mp4 = made_by(
        "ffmpeg",
        &[
            "-loglevel",
            "error",
            "-f",
            "lavfi",
            "-i",
            "testsrc=duration=1:size=1920x1080:rate=10",
            "-pix_fmt",
            "yuv420p",
            "clip.mp4",
        ],
        "clip.mp4",
        None,
    );
    let (status, report) = upload(
        &app,
        &session,
        album,
        Form::new().part("images", part("clip.mp4", mp4)),
    )
    .await;
    assert_eq!(status, 200, "{report}");
    let (_, public) = app.get_json(&format!("/api/albums/{album}/")).await;
    let video = &report["album"]["images"][0];
    assert_eq!(video["media_type"], "video");
    let mut ready = Value::Null;
    for _ in 0..300 {
        let response = app
            .signed(Method::GET, "/api/admin/albums/", Some(&session))
            .send()
            .await
            .unwrap();
        let (_, list) = json_of("/api/admin/albums/", response).await;
        let found = list
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == album)
            .unwrap()["images"][0]
            .clone();
        if found["status"] != "processing" {
            ready = found;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        public["images"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["status"] == "ready"),
        "visitors never see a video being converted"
    );
    assert_eq!(ready["status"], "ready", "{ready}");
    assert_eq!(
        (ready["width"].as_i64(), ready["height"].as_i64()),
        (Some(1280), Some(720))
    );
    let file = ready["file_url"].as_str().unwrap();
    assert!(file.ends_with(".mp4"));
    assert_eq!(
        ready["thumbnail_url"].as_str().unwrap(),
        file.replace(".mp4", ".jpg")
    );
    let poster = app.get(ready["thumbnail_url"].as_str().unwrap()).await;
    assert_eq!(poster.status(), 200);
    let movie = app.get(file).await.bytes().await.unwrap();
    assert_eq!(&movie[4..8], b"ftyp");
}

#[tokio::test]
async fn unsafe_or_unusable_files_are_refused_each_with_its_name() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Refusals").await;
    let svg =
        br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec();
    let mut flood = png();
    // Claim 15000×15000 pixels in the header (bytes 16..24 of a PNG hold width and height).
    flood[16..20].copy_from_slice(&15_000u32.to_be_bytes());
    flood[20..24].copy_from_slice(&15_000u32.to_be_bytes());
    let form = Form::new()
        .part("images", part("logo.svg", svg))
        .part("images", part("holiday.jpg", b"just some text".to_vec()))
        .part("images", part("flood.png", flood))
        .part("images", part("fine.png", png()));
    let (status, report) = upload(&app, &session, album, form).await;
    assert_eq!(status, 200, "{report}");
    let refused: Vec<&str> = report["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["file_name"].as_str().unwrap())
        .collect();
    assert_eq!(refused, ["logo.svg", "holiday.jpg", "flood.png"]);
    assert!(
        report["refused"][0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("logo.svg is not a picture or video")
    );
    assert_eq!(
        report["album"]["images"].as_array().unwrap().len(),
        1,
        "the good file is kept"
    );

    let (send, chunks) = tokio::sync::mpsc::channel(1);
    send.send(multipart_body(&[])).await.unwrap();
    drop(send);
    let (status, body) = upload_chunked(&app, &session, album, chunks).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "Please choose at least one picture or video to upload."
    );
    // A part the form does not have refuses the whole upload.
    let stray = Form::new()
        .part("images", part("a.png", png()))
        .text("nothing", "here");
    let (status, body) = upload(&app, &session, album, stray).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "This form has a part the shop does not take. Please send only the form's own fields."
    );
}

#[tokio::test]
async fn a_part_sent_as_text_rather_than_a_file_refuses_the_upload_with_a_sentence() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Words").await;
    for field in ["images", "featured_image"] {
        let form = Form::new()
            .part("images", part("a.png", png()))
            .text(field, "bouquet.png");
        let (status, body) = upload(&app, &session, album, form).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"], "Please send pictures and videos as files.");
        assert_eq!(body["fields"][field], "Not a file.");
    }
    let (_, listed) = app.get_json(&format!("/api/albums/{album}/")).await;
    assert_eq!(listed["images"], json!([]), "nothing of it is kept");
}

#[tokio::test]
async fn the_admin_captions_reorders_features_and_deletes() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Edits").await;
    let form = Form::new()
        .part("images", part("a.png", png()))
        .part("images", part("b.png", png()));
    let (_, report) = upload(&app, &session, album, form).await;
    let ids: Vec<i64> = report["album"]["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect();

    let caption = app
        .signed(
            Method::PUT,
            &format!("/api/albums/{album}/images/{}/", ids[0]),
            Some(&session),
        )
        .json(&json!({"caption": "Ranunculus in the morning light"}))
        .send()
        .await
        .unwrap();
    assert_eq!(caption.status(), 200);
    let reorder = app
        .signed(
            Method::POST,
            &format!("/api/albums/{album}/reorder/"),
            Some(&session),
        )
        .json(&json!({"image_ids": [ids[1], ids[0]]}))
        .send()
        .await
        .unwrap();
    assert_eq!(reorder.status(), 200);
    let feature = app
        .signed(
            Method::PUT,
            &format!("/api/albums/{album}/"),
            Some(&session),
        )
        .json(&json!({"title": "Edited", "description": "", "featured_image": ids[0]}))
        .send()
        .await
        .unwrap();
    let (status, edited) = json_of("put", feature).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["title"], "Edited");
    assert_eq!(edited["featured_image"], ids[0]);
    assert_eq!(edited["images"][0]["id"], ids[1], "the new order");
    assert_eq!(
        edited["images"][1]["caption"],
        "Ranunculus in the morning light"
    );

    let file = edited["images"][1]["file_url"].as_str().unwrap().to_owned();
    let webps = srcset_urls(edited["images"][1]["webp_srcset"].as_str().unwrap());
    assert_eq!(webps.len(), 2, "800 px wide: 480 and its own width");
    let others = srcset_urls(edited["images"][0]["webp_srcset"].as_str().unwrap());
    let removed = app
        .signed(
            Method::DELETE,
            &format!("/api/albums/{album}/images/{}/", ids[0]),
            Some(&session),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), 200);
    assert_eq!(app.get(&file).await.status(), 404, "its files are gone");
    for (webp, _) in &webps {
        assert_eq!(app.get(webp).await.status(), 404, "its WebP too: {webp}");
    }
    assert_eq!(app.get(&others[0].0).await.status(), 200);
    let gone = app
        .signed(
            Method::DELETE,
            &format!("/api/albums/{album}/"),
            Some(&session),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), 200);
    assert_eq!(app.get_json(&format!("/api/albums/{album}/")).await.0, 404);
    assert_eq!(
        app.get(&others[0].0).await.status(),
        404,
        "a deleted album's WebPs are gone"
    );
}

#[tokio::test]
async fn with_a_bucket_configured_media_go_to_s3_and_links_point_at_it() {
    use wiremock::matchers::{method, path_regex};
    use wiremock::{Mock, MockServer, ResponseTemplate};
    let s3 = MockServer::start().await;
    Mock::given(method("PUT"))
        .and(path_regex("^/posy-test/media/.+"))
        .respond_with(ResponseTemplate::new(200).insert_header("ETag", "\"e1\""))
        .mount(&s3)
        .await;
    Mock::given(method("DELETE"))
        .and(path_regex("^/posy-test/media/.+"))
        .respond_with(ResponseTemplate::new(204))
        .mount(&s3)
        .await;
    let app = spawn_app_with(Options {
        s3_endpoint: Some(s3.uri()),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "In the bucket").await;
    let (status, report) = upload(
        &app,
        &session,
        album,
        Form::new().part("images", part("a.png", png())),
    )
    .await;
    assert_eq!(status, 200, "{report}");
    let url = report["album"]["images"][0]["file_url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        url.starts_with("https://cdn.example/posy-test/media/albums/"),
        "{url}"
    );

    let puts: Vec<String> = s3
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.method.as_str() == "PUT")
        .map(|r| {
            assert!(r.headers.contains_key("authorization"), "signed requests");
            r.url.path().to_owned()
        })
        .collect();
    assert!(
        puts.contains(&"/posy-test/media/products/peony-posy.jpg".to_owned()),
        "demo pictures too"
    );
    let key = url.trim_start_matches("https://cdn.example");
    assert!(puts.iter().any(|p| p == key), "{key} in {puts:?}");
    assert!(
        !app.data_dir.join("media/albums").exists(),
        "nothing kept locally"
    );

    let image = report["album"]["images"][0]["id"].as_i64().unwrap();
    let removed = app
        .signed(
            Method::DELETE,
            &format!("/api/albums/{album}/images/{image}/"),
            Some(&session),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), 200);
    let deleted = s3
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.method.as_str() == "DELETE")
        .count();
    assert!(deleted >= 2, "its sizes are removed from the bucket");
}

/// A multipart body of `files` (field, name, bytes) with boundary `posy-boundary`.
fn multipart_body(files: &[(&str, &str, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (field, name, bytes) in files {
        body.extend(
            format!(
                "--posy-boundary\r\nContent-Disposition: form-data; name=\"{field}\"; \
                 filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .into_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend(b"\r\n");
    }
    body.extend(b"--posy-boundary--\r\n");
    body
}

/// Posts `chunks` as an upload sent in chunks (no Content-Length), each chunk as it comes from
/// the channel; the status and answer.
async fn upload_chunked(
    app: &TestApp,
    session: &str,
    album: i64,
    chunks: tokio::sync::mpsc::Receiver<Vec<u8>>,
) -> (u16, Value) {
    let stream = futures_util::stream::unfold(chunks, |mut chunks| async move {
        let chunk = chunks.recv().await?;
        Some((Ok::<_, std::io::Error>(chunk), chunks))
    });
    let path = format!("/api/albums/{album}/upload_images/");
    let response = app
        .signed(Method::POST, &path, Some(session))
        .header(
            "content-type",
            "multipart/form-data; boundary=posy-boundary",
        )
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await
        .unwrap();
    json_of(&path, response).await
}

/// The files waiting in the upload folder, and their bytes in all.
fn waiting(app: &TestApp) -> (usize, u64) {
    std::fs::read_dir(app.data_dir.join("work")).map_or((0, 0), |dir| {
        dir.map(|e| e.unwrap().metadata().unwrap().len())
            .fold((0, 0), |(n, bytes), len| (n + 1, bytes + len))
    })
}

#[tokio::test]
async fn a_file_past_its_limit_is_refused_as_it_arrives_and_the_rest_is_not_written() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.max_image_mb = 1),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Big ones").await;
    // A PNG's first bytes, then 3 MB: past the 1 MB a picture may be.
    let mut big = png();
    big.resize(3_000_000, 7);
    let body = multipart_body(&[("images", "huge.png", &big), ("images", "fine.png", &png())]);
    let halfway = body.len() / 2;
    let (send, chunks) = tokio::sync::mpsc::channel(4);
    let sending = async {
        for chunk in body[..halfway].chunks(64 * 1024) {
            send.send(chunk.to_vec()).await.unwrap();
        }
        // 1.5 MB of the big file sent: it is refused already, and nothing of it waits on disk.
        let mut on_disk = waiting(&app);
        for _ in 0..50 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            on_disk = on_disk.max(waiting(&app));
        }
        for chunk in body[halfway..].chunks(64 * 1024) {
            send.send(chunk.to_vec()).await.unwrap();
        }
        drop(send);
        on_disk
    };
    let ((status, report), on_disk) =
        tokio::join!(upload_chunked(&app, &session, album, chunks), sending);
    assert!(
        on_disk.1 <= 1_000_000,
        "{on_disk:?} while the big file arrived"
    );
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        report["refused"],
        json!([{
            "file_name": "huge.png",
            "reason": "huge.png is larger than the 1 MB allowed for a picture."
        }])
    );
    assert_eq!(
        report["album"]["images"].as_array().unwrap().len(),
        1,
        "fine.png is kept"
    );
    assert_eq!(waiting(&app).0, 0, "no temporary file is left");
}

#[tokio::test]
async fn an_upload_with_too_many_files_or_bytes_is_refused_whole() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            config.max_upload_files = 2;
            config.max_upload_mb = 1;
        }),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Too much").await;
    let three = Form::new()
        .part("images", part("a.png", png()))
        .part("images", part("b.png", png()))
        .part("images", part("c.png", png()));
    let (status, body) = upload(&app, &session, album, three).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["error"], "Please upload at most 2 files at once.");
    // The featured picture comes besides.
    let two_and_featured = Form::new()
        .part("images", part("a.png", png()))
        .part("images", part("b.png", png()))
        .part("featured_image", part("c.png", png()));
    let besides = new_album(&app, &session, "Featured besides").await;
    let (status, body) = upload(&app, &session, besides, two_and_featured).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["album"]["images"].as_array().unwrap().len(), 3);

    // Over the upload's size, sent without a length: counted as it comes.
    let mut big = png();
    big.resize(1_200_000, 7);
    let body = multipart_body(&[("images", "a.png", &png()), ("images", "big.png", &big)]);
    let (send, chunks) = tokio::sync::mpsc::channel(64);
    for chunk in body.chunks(64 * 1024) {
        send.send(chunk.to_vec()).await.unwrap();
    }
    drop(send);
    let (status, body) = upload_chunked(&app, &session, album, chunks).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["error"],
        "This upload is larger than the 1 MB one upload may be. Please send fewer files at once."
    );
    let (_, albums) = json_of(
        "/api/admin/albums/",
        app.signed(Method::GET, "/api/admin/albums/", Some(&session))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let ours = albums
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == album)
        .unwrap();
    assert_eq!(ours["images"], json!([]), "nothing of either is kept");
    assert_eq!(waiting(&app).0, 0, "no temporary file is left");
}

#[tokio::test]
async fn an_upload_sent_in_chunks_is_stored() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let album = new_album(&app, &session, "Chunked").await;
    let body = multipart_body(&[("featured_image", "cover.png", &png())]);
    let (send, chunks) = tokio::sync::mpsc::channel(64);
    for chunk in body.chunks(1000) {
        send.send(chunk.to_vec()).await.unwrap();
    }
    drop(send);
    let (status, report) = upload_chunked(&app, &session, album, chunks).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["refused"], json!([]));
    assert_eq!(
        report["album"]["featured_image"],
        report["album"]["images"][0]["id"]
    );
}
