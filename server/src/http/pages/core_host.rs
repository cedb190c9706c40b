//! The core's rules for the page renderer, under the names the web app's WebAssembly exports
//! them by (`wasm/src/lib.rs`), so the pages' one door to the core (`web/src/lib/core.ts`)
//! works unchanged in the server's engine, which has no WebAssembly. Each is the same thin
//! wrapper over `posy_core` as its wasm twin. The per-visitor rules (forms, delivery) are left
//! out: pages never call them while rendering, and a page that did would be rendered in the
//! browser instead.
//!
//! Which is which is one list, `RENDERED` in `web/src/ssr/core-host.ts`: its Vitest test holds
//! it (with `BROWSER_ONLY`) to the wasm module's exports, and the test below holds what is
//! installed here to it.

use posy_core::calendar::Date;
use posy_core::checkout::CheckoutField;
use posy_core::enquiry::EnquiryType;
use posy_core::validation::FormField;
use posy_core::{Money, cart, catalogue, gallery, media, quantity, workshop};
use rquickjs::function::Opt;
use rquickjs::{Array, Ctx, Exception, Function, Object, Result, Value};

fn money(ctx: &Ctx<'_>, wire: &str) -> Result<Money> {
    Money::parse(wire).map_err(|e| Exception::throw_message(ctx, &format!("{e} (\"{wire}\")")))
}

/// A whole number from a page (stock, quantities), as the wasm exports read them.
fn whole(n: f64) -> i64 {
    n as i64
}

/// Puts every rule on `globalThis.posyCore`.
pub fn install<'js>(ctx: &Ctx<'js>) -> Result<()> {
    let core = Object::new(ctx.clone())?;
    let put = |name: &str, f: Function<'js>| core.set(name, f);

    put(
        "formatMoney",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'_>, wire: String| -> Result<String> { Ok(money(&ctx, &wire)?.display()) },
        )?,
    )?;
    put(
        "formatPriceRange",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'_>, min: String, max: String| -> Result<String> {
                Ok(catalogue::PriceRange {
                    min: money(&ctx, &min)?,
                    max: money(&ctx, &max)?,
                }
                .display())
            },
        )?,
    )?;
    put(
        "productQuantityOptions",
        Function::new(ctx.clone(), |stock: f64| -> Vec<u32> {
            quantity::product_page_options(whole(stock)).collect()
        })?,
    )?;
    put(
        "cartQuantityOptions",
        Function::new(ctx.clone(), || -> Vec<u32> {
            quantity::cart_options().collect()
        })?,
    )?;
    put(
        "defaultQuantity",
        Function::new(ctx.clone(), || quantity::DEFAULT_QUANTITY)?,
    )?;
    put(
        "maxQuantity",
        Function::new(ctx.clone(), || quantity::MAX_PER_LINE)?,
    )?;
    put(
        "cartTotal",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'_>, lines: Array<'_>| -> Result<String> {
                let mut priced = Vec::new();
                for line in lines.iter::<Object>() {
                    let line = line?;
                    priced.push(cart::CartLine {
                        unit_price: money(&ctx, &line.get::<_, String>("price")?)?,
                        quantity: line.get::<_, u32>("quantity")?,
                    });
                }
                Ok(cart::cart_total(&priced).to_wire())
            },
        )?,
    )?;
    put(
        "totalQuantity",
        Function::new(ctx.clone(), |lines: Array<'_>| -> Result<u32> {
            lines
                .iter::<Object>()
                .map(|line| line?.get::<_, u32>("quantity"))
                .sum()
        })?,
    )?;
    put(
        "mediaUrl",
        Function::new(
            ctx.clone(),
            |path: Opt<Value<'_>>, base: String| -> String {
                let path = path
                    .0
                    .and_then(|v| v.as_string().and_then(|s| s.to_string().ok()));
                media::media_url(path.as_deref(), &base)
            },
        )?,
    )?;
    put(
        "placeholderImage",
        Function::new(ctx.clone(), || media::PLACEHOLDER_IMAGE.to_owned())?,
    )?;
    put(
        "isFullyBooked",
        Function::new(ctx.clone(), |spots: String| {
            workshop::is_fully_booked(&spots)
        })?,
    )?;
    put(
        "isSoldOut",
        Function::new(ctx.clone(), |stock: f64| {
            catalogue::is_sold_out(whole(stock))
        })?,
    )?;
    put(
        "itemName",
        Function::new(
            ctx.clone(),
            |product: String, size: Opt<Value<'_>>| -> String {
                let size = size
                    .0
                    .and_then(|v| v.as_string().and_then(|s| s.to_string().ok()));
                catalogue::item_name(&product, size.as_deref())
            },
        )?,
    )?;
    put(
        "formatDate",
        Function::new(ctx.clone(), |wire: String, style: String| -> String {
            Date::parse(&wire).map_or_else(String::new, |date| match style.as_str() {
                "long" => date.long(),
                "monthDay" => date.month_ordinal_day(),
                _ => date.display(),
            })
        })?,
    )?;
    put("albumLimits", Function::new(ctx.clone(), album_limits)?)?;
    put("enquiryTypes", Function::new(ctx.clone(), enquiry_types)?)?;
    put(
        "checkoutFields",
        Function::new(ctx.clone(), checkout_fields)?,
    )?;
    put(
        "log",
        Function::new(ctx.clone(), |level: String, message: String| {
            match level.as_str() {
                "error" => tracing::error!(target: "pages", "{message}"),
                "warn" => tracing::warn!(target: "pages", "{message}"),
                _ => tracing::debug!(target: "pages", "{message}"),
            }
        })?,
    )?;
    ctx.globals().set("posyCore", core)
}

fn album_limits(ctx: Ctx<'_>) -> Result<Object<'_>> {
    let limits = Object::new(ctx)?;
    limits.set("title", gallery::TITLE_MAX_CHARS)?;
    limits.set("description", gallery::DESCRIPTION_MAX_CHARS)?;
    limits.set("caption", gallery::CAPTION_MAX_CHARS)?;
    Ok(limits)
}

fn enquiry_types(ctx: Ctx<'_>) -> Result<Vec<Object<'_>>> {
    EnquiryType::ALL
        .iter()
        .map(|kind| {
            let choice = Object::new(ctx.clone())?;
            choice.set("value", kind.as_str())?;
            choice.set("label", kind.label())?;
            Ok(choice)
        })
        .collect()
}

fn checkout_fields(ctx: Ctx<'_>) -> Result<Vec<Object<'_>>> {
    CheckoutField::ALL
        .iter()
        .map(|field| {
            let info = Object::new(ctx.clone())?;
            info.set("name", field.form_name())?;
            info.set("wire", field.wire_name())?;
            info.set("label", field.label())?;
            info.set("maxLength", field.max_chars())?;
            Ok(info)
        })
        .collect()
}
