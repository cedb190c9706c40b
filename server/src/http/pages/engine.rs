//! The JavaScript engine that renders the shop's pages: QuickJS (rquickjs) on a thread of its
//! own, running the web app's server build (`web/dist/ssr/render.js`, from
//! `web/src/ssr/render.tsx`). The engine is not `Send`, so it lives on that thread and pages are
//! asked for through a channel; renders are a few milliseconds and cached (see `pages`), so one
//! thread keeps up.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, Context, Ctx, Function, Runtime};
use tokio::sync::oneshot;

use super::core_host;

/// The most a render may take before the engine stops it (a page stuck in a loop).
const RENDER_LIMIT: Duration = Duration::from_secs(2);
/// The engine's heap: the bundle and a render use about 4 MB.
const MEMORY_LIMIT: usize = 48 << 20;
/// A render that waited on a lazy page's code (resolved by the engine's job queue) is done
/// again; this many passes is enough for a page in a page.
const PASSES: usize = 3;

/// Why a page could not be rendered: the shopper then gets the app's empty page, which the
/// browser fills in as before.
#[derive(Debug)]
pub enum RenderError {
    NotBuilt(String),
    Failed(String),
    Stopped,
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::NotBuilt(why) => {
                write!(f, "the web app's server build is missing or broken: {why}")
            }
            RenderError::Failed(why) => write!(f, "the page failed to render: {why}"),
            RenderError::Stopped => f.write_str("the renderer has stopped"),
        }
    }
}

impl std::error::Error for RenderError {}

struct Job {
    url: String,
    answers: String,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// Where the web app's server build (`ssr/render.js`) is read from.
#[derive(Clone, Debug)]
pub enum Bundle {
    /// A file on disk (the web app's folder).
    File(PathBuf),
    /// Built into the binary with the web app.
    Built(&'static [u8]),
    /// The web app built into the binary has no server build: pages are drawn in the browser.
    Missing,
}

/// The handle to the renderer's thread.
#[derive(Clone)]
pub struct Engine {
    jobs: mpsc::Sender<Job>,
}

impl Engine {
    /// Starts the thread; the bundle is loaded on it when the first page is asked for (about
    /// 100 ms), so a shop that serves no pages never pays for it.
    pub fn start(bundle: Bundle) -> Engine {
        let (jobs, inbox) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("page-renderer".into())
            .spawn(move || serve(bundle, inbox))
            .expect("the system can start a thread");
        Engine { jobs }
    }

    /// The page at `url` rendered from `answers` (a JSON object of API paths and their answers).
    pub async fn render(&self, url: &str, answers: &str) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            url: url.to_owned(),
            answers: answers.to_owned(),
            reply,
        };
        self.jobs.send(job).map_err(|_| RenderError::Stopped)?;
        answer.await.map_err(|_| RenderError::Stopped)?
    }
}

/// The thread's loop: load the bundle, then render each page asked for, until every handle is gone.
fn serve(bundle: Bundle, inbox: mpsc::Receiver<Job>) {
    let mut loaded = None;
    for job in inbox {
        let loaded = loaded.get_or_insert_with(|| {
            let engine = Loaded::new(&bundle);
            if let Err(err) = &engine {
                tracing::warn!(%err, "pages will be drawn in the browser only");
            }
            engine
        });
        let result = match &*loaded {
            Ok(loaded) => loaded.render(&job.url, &job.answers),
            Err(err) => Err(RenderError::NotBuilt(err.to_string())),
        };
        let _ = job.reply.send(result);
    }
}

/// An engine with the bundle loaded and the core's functions in place.
struct Loaded {
    runtime: Runtime,
    context: Context,
    /// When the current render must stop, in milliseconds since `epoch` (0: no render running).
    deadline: Arc<AtomicU64>,
    epoch: Instant,
}

impl Loaded {
    fn new(bundle: &Bundle) -> Result<Loaded, RenderError> {
        let not_built = |e: &dyn std::fmt::Display| RenderError::NotBuilt(e.to_string());
        let source = match bundle {
            Bundle::File(path) => std::fs::read_to_string(path)
                .map_err(|e| not_built(&format!("{}: {e}", path.display())))?,
            Bundle::Built(bytes) => String::from_utf8(bytes.to_vec()).map_err(|e| not_built(&e))?,
            Bundle::Missing => return Err(not_built(&"the binary carries no server build")),
        };
        let runtime = Runtime::new().map_err(|e| not_built(&e))?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        runtime.set_max_stack_size(1 << 20);
        let deadline = Arc::new(AtomicU64::new(0));
        let epoch = Instant::now();
        {
            let deadline = deadline.clone();
            runtime.set_interrupt_handler(Some(Box::new(move || {
                let until = deadline.load(Ordering::Relaxed);
                until != 0 && epoch.elapsed().as_millis() as u64 > until
            })));
        }
        let context = Context::full(&runtime).map_err(|e| not_built(&e))?;
        context.with(|ctx| -> Result<(), RenderError> {
            core_host::install(&ctx).map_err(|e| not_built(&e))?;
            ctx.eval::<(), _>(source)
                .catch(&ctx)
                .map_err(|e| not_built(&e))?;
            ctx.globals()
                .get::<_, Function>("renderPage")
                .map_err(|_| not_built(&"it defines no renderPage"))?;
            Ok(())
        })?;
        Ok(Loaded {
            runtime,
            context,
            deadline,
            epoch,
        })
    }

    fn render(&self, url: &str, answers: &str) -> Result<String, RenderError> {
        let limit = self.epoch.elapsed() + RENDER_LIMIT;
        self.deadline
            .store(limit.as_millis() as u64, Ordering::Relaxed);
        let result = self.passes(url, answers);
        self.deadline.store(0, Ordering::Relaxed);
        result
    }

    fn passes(&self, url: &str, answers: &str) -> Result<String, RenderError> {
        let mut html = String::new();
        for _ in 0..PASSES {
            html = self
                .context
                .with(|ctx| once(&ctx, url, answers))
                .map_err(RenderError::Failed)?;
            // A lazy page's code arrives through the job queue; once it has, render again.
            let mut ran = false;
            while self.runtime.is_job_pending() {
                ran = true;
                if self.runtime.execute_pending_job().is_err() {
                    return Err(RenderError::Failed("a pending job failed".into()));
                }
            }
            if !ran {
                break;
            }
        }
        Ok(html)
    }
}

fn once(ctx: &Ctx<'_>, url: &str, answers: &str) -> Result<String, String> {
    let render: Function = ctx.globals().get("renderPage").map_err(|e| e.to_string())?;
    render
        .call::<_, String>((url, answers))
        .catch(ctx)
        .map_err(|e| e.to_string())
}
