//! Discord's published HTTP API as a checker for the fake Discord: every request is matched
//! to an operation of `tests/discord-api/openapi.json` (method and path template, path ids
//! that must be snowflakes, query parameters the operation declares) and its JSON body is
//! validated against the operation's request schema with the `jsonschema` crate (OpenAPI 3.1
//! schemas are JSON Schema 2020-12; `$ref`s resolve inside the spec). On top of the schema it
//! enforces the limits Discord documents but the spec does not state (see [`limits`]).
//!
//! Lengths are counted in Unicode code points, as JSON Schema's `maxLength` (and so the spec
//! itself) counts them; Discord documents its limits in "characters" without saying more.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, LazyLock, Mutex};

use jsonschema::Validator;
use serde_json::{json, Value};

/// One thing Discord would refuse: which operation, which field, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The operation's id in the spec (e.g. `create_message`), or `METHOD /path` when no
    /// operation matches.
    pub operation: String,
    /// Where in the body, as path segments (`["embeds", "0", "title"]`); empty for the
    /// request as a whole.
    pub field: Vec<String>,
    /// Discord's error code for it (`BASE_TYPE_MAX_LENGTH`, ...).
    pub code: String,
    pub problem: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = if self.field.is_empty() {
            "(request)".to_string()
        } else {
            self.field.join(".")
        };
        write!(f, "{}: `{}`: {}", self.operation, field, self.problem)
    }
}

/// An operation of the spec.
#[derive(Debug)]
pub struct Operation {
    pub id: String,
    pub method: String,
    pub template: String,
    segments: Vec<String>,
    /// Path parameters that are snowflakes.
    snowflakes: Vec<String>,
    query: Vec<String>,
    /// JSON pointer (into the spec) of the `application/json` request schema.
    body: Option<String>,
    body_required: bool,
}

fn spec() -> &'static Value {
    static SPEC: LazyLock<Value> = LazyLock::new(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/discord-api/openapi.json"
        );
        let text = std::fs::read_to_string(path).expect("tests/discord-api/openapi.json exists");
        serde_json::from_str(&text).expect("the Discord spec is JSON")
    });
    &SPEC
}

/// A JSON pointer segment, escaped.
fn escape(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

fn is_snowflake_schema(param: &Value) -> bool {
    param["schema"]["$ref"] == json!("#/components/schemas/SnowflakeType")
}

fn operations() -> &'static [Operation] {
    static OPS: LazyLock<Vec<Operation>> = LazyLock::new(|| {
        let mut out = Vec::new();
        let paths = spec()["paths"].as_object().expect("the spec has paths");
        for (template, item) in paths {
            let shared = item["parameters"].as_array().cloned().unwrap_or_default();
            for (method, op) in item.as_object().into_iter().flatten() {
                if method == "parameters" {
                    continue;
                }
                let params: Vec<Value> = shared
                    .iter()
                    .chain(op["parameters"].as_array().into_iter().flatten())
                    .cloned()
                    .collect();
                let of = |place: &str| -> Vec<&Value> {
                    params.iter().filter(|p| p["in"] == json!(place)).collect()
                };
                let body = op["requestBody"]["content"]
                    .get("application/json")
                    .map(|_| {
                        format!(
                            "/paths/{}/{}/requestBody/content/application~1json/schema",
                            escape(template),
                            method
                        )
                    });
                out.push(Operation {
                    id: op["operationId"].as_str().unwrap_or(template).to_string(),
                    method: method.to_uppercase(),
                    template: template.clone(),
                    segments: template
                        .trim_matches('/')
                        .split('/')
                        .map(String::from)
                        .collect(),
                    snowflakes: of("path")
                        .into_iter()
                        .filter(|p| is_snowflake_schema(p))
                        .filter_map(|p| p["name"].as_str().map(String::from))
                        .collect(),
                    query: of("query")
                        .into_iter()
                        .filter_map(|p| p["name"].as_str().map(String::from))
                        .collect(),
                    body,
                    body_required: op["requestBody"]["required"] == json!(true),
                });
            }
        }
        out
    });
    &OPS
}

/// The operation `method path` is, if any. Where several templates match, the one with
/// literal segments earliest wins (`/users/@me` over `/users/{user_id}`), as Discord routes.
pub fn route(method: &str, path: &str) -> Option<&'static Operation> {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    operations()
        .iter()
        .filter(|op| op.method == method && op.segments.len() == parts.len())
        .filter(|op| {
            op.segments
                .iter()
                .zip(&parts)
                .all(|(t, p)| (t.starts_with('{') && !p.is_empty()) || t == p)
        })
        .max_by_key(|op| {
            op.segments
                .iter()
                .map(|t| !t.starts_with('{'))
                .collect::<Vec<bool>>()
        })
}

/// The spec's components as requests are judged: the same, except that a snowflake may
/// also be sent as a JSON integer. The spec's `SnowflakeType` is a string, but Discord
/// accepts integers in requests and documents them (its file-upload example sends
/// `"attachments": [{"id": 0, ...}]`, which is what serenity sends). Answers stay strict:
/// Discord always sends snowflakes as strings.
///
/// Likewise a command's `default_member_permissions` may be a string of digits: the spec
/// says integer, but Discord's documentation of application commands gives it as
/// `?string` ("set of permissions represented as a bit set"), its answers carry a string,
/// and serenity sends one.
fn request_components() -> &'static Value {
    static COMPONENTS: LazyLock<Value> = LazyLock::new(|| {
        let mut c = spec()["components"].clone();
        let original = c["schemas"]["SnowflakeType"].clone();
        c["schemas"]["SnowflakeType"] = json!({"anyOf": [
            original,
            {"type": "integer", "minimum": 0}
        ]});
        for command in [
            "ApplicationCommandCreateRequest",
            "ApplicationCommandPatchRequestPartial",
            "ApplicationCommandUpdateRequest",
        ] {
            let field = &mut c["schemas"][command]["properties"]["default_member_permissions"];
            if !field.is_null() {
                *field =
                    json!({"anyOf": [field.clone(), {"type": "string", "pattern": "^[0-9]+$"}]});
            }
        }
        c
    });
    &COMPONENTS
}

/// The compiled validator of the schema at `pointer` in the spec (for a request, or for an
/// answer), compiled once per test process: the spec is large and a whole game makes
/// thousands of requests.
/// Compiled validators by (schema pointer, for a request).
type Cache = Mutex<HashMap<(String, bool), Arc<Validator>>>;

fn validator(pointer: &str, request: bool) -> Arc<Validator> {
    static CACHE: LazyLock<Cache> = LazyLock::new(|| Mutex::new(HashMap::new()));
    let key = (pointer.to_string(), request);
    if let Some(v) = CACHE.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return v.clone();
    }
    // The schema's own `$ref`s are `#/components/schemas/...`: make the spec's components part
    // of the root document so that they resolve, and nothing is fetched.
    let mut schema = spec()
        .pointer(pointer)
        .unwrap_or_else(|| panic!("{pointer} is in the spec"))
        .clone();
    // A permission overwrite's `allow` and `deny` may be strings of digits in a request:
    // the spec says integer, but Discord's documentation of Edit Channel Permissions gives
    // them as `string?` ("bitwise value of all allowed permissions"), which serenity sends.
    if request && pointer.contains("permissions~1{overwrite_id}") {
        for field in ["allow", "deny"] {
            let f = &mut schema["properties"][field];
            if !f.is_null() {
                *f = json!({"anyOf": [f.clone(), {"type": "string", "pattern": "^[0-9]+$"}]});
            }
        }
    }
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": if request { request_components() } else { &spec()["components"] },
        "allOf": [schema],
    });
    let compiled = Arc::new(
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .build(&root)
            .unwrap_or_else(|e| panic!("the spec's schema {pointer} compiles: {e}")),
    );
    CACHE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, compiled.clone());
    compiled
}

fn code_of(kind: &jsonschema::error::ValidationErrorKind) -> &'static str {
    use jsonschema::error::ValidationErrorKind as K;
    match kind {
        K::MaxLength { .. } | K::MaxItems { .. } | K::MaxProperties { .. } => {
            "BASE_TYPE_MAX_LENGTH"
        }
        K::MinLength { .. } | K::MinItems { .. } => "BASE_TYPE_MIN_LENGTH",
        K::Required { .. } => "BASE_TYPE_REQUIRED",
        K::Type { .. } => "BASE_TYPE_BAD_TYPE",
        K::Enum { .. } | K::Constant { .. } => "BASE_TYPE_CHOICES",
        K::Maximum { .. } | K::Minimum { .. } => "NUMBER_TYPE_MAX",
        K::Pattern { .. } => "STRING_TYPE_REGEX",
        _ => "BASE_TYPE_INVALID",
    }
}

type Found = Vec<(Vec<String>, &'static str, String)>;

fn field_of(e: &jsonschema::ValidationError<'_>) -> Vec<String> {
    e.instance_path()
        .as_str()
        .split('/')
        .skip(1)
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
        .collect()
}

/// One schema error as (field, code, problem). A failed `oneOf`/`anyOf` (Discord's unions:
/// interaction callbacks, threads, components, nullable objects) is reported through the
/// branch the value meant, so that the error names the deepest field: the branch without a
/// wrong `type`/`const` at the union's own place, and of those the one with fewest errors.
fn explain(e: &jsonschema::ValidationError<'_>, out: &mut Found) {
    use jsonschema::error::ValidationErrorKind as K;
    let context = match e.kind() {
        K::AnyOf { context } | K::OneOfNotValid { context } => Some(context),
        _ => None,
    };
    let here = field_of(e);
    let best = context.and_then(|branches| {
        branches.iter().filter(|b| !b.is_empty()).min_by_key(|b| {
            let wrong_kind = b.iter().any(|x| {
                let f = field_of(x);
                matches!(
                    x.kind(),
                    K::Type { .. } | K::Enum { .. } | K::Constant { .. }
                ) && (f == here
                    || (f.len() == here.len() + 1 && f.last().is_some_and(|l| l == "type")))
            });
            (wrong_kind, b.len())
        })
    });
    match best {
        Some(branch) => {
            for x in branch {
                explain(x, out);
            }
        }
        None => out.push((here, code_of(e.kind()), e.to_string())),
    }
}

/// Where the schema at `pointer` refuses `value`: (field, code, problem).
fn schema_errors(pointer: &str, value: &Value, request: bool) -> Found {
    let v = validator(pointer, request);
    let mut out = Found::new();
    for e in v.iter_errors(value) {
        explain(&e, &mut out);
    }
    out
}

/// Checks one request. `query` is the raw query string; `body` the JSON body (or the
/// `payload_json` of a multipart body), `None` when the request had none. Returns the
/// operation, or what Discord would refuse.
pub fn check_request(
    method: &str,
    path: &str,
    query: Option<&str>,
    body: Option<&Value>,
) -> Result<&'static Operation, Vec<Violation>> {
    let Some(op) = route(method, path) else {
        return Err(vec![Violation {
            operation: format!("{method} {path}"),
            field: Vec::new(),
            code: "UNKNOWN_ROUTE".into(),
            problem: "no operation of Discord's API has this method and path".into(),
        }]);
    };
    let mut out = Vec::new();
    let mut bad = |field: Vec<String>, code: &str, problem: String| {
        out.push(Violation {
            operation: op.id.clone(),
            field,
            code: code.to_string(),
            problem,
        })
    };
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    for (t, p) in op.segments.iter().zip(&parts) {
        let name = t.trim_matches(|c| c == '{' || c == '}');
        if op.snowflakes.iter().any(|s| s == name) && !p.bytes().all(|b| b.is_ascii_digit()) {
            bad(
                vec![name.to_string()],
                "NUMBER_TYPE_COERCE",
                format!("path parameter {name} is not a snowflake: {p:?}"),
            );
        }
    }
    for pair in query.unwrap_or("").split('&').filter(|q| !q.is_empty()) {
        let key = pair.split('=').next().unwrap_or(pair);
        if !op.query.iter().any(|q| q == key) {
            bad(
                vec![key.to_string()],
                "UNKNOWN_QUERY_PARAMETER",
                format!("{} takes no query parameter {key:?}", op.template),
            );
        }
    }
    match (&op.body, body) {
        (Some(pointer), Some(b)) => {
            for (field, code, problem) in schema_errors(pointer, b, true) {
                bad(field, code, problem);
            }
            for (field, code, problem) in limits(&op.id, b) {
                bad(field, code, problem);
            }
        }
        (Some(_), None) if op.body_required => bad(
            Vec::new(),
            "BASE_TYPE_REQUIRED",
            "this operation needs a JSON body".into(),
        ),
        (None, Some(b)) if !b.is_null() && b != &json!({}) => bad(
            Vec::new(),
            "UNEXPECTED_BODY",
            format!("this operation takes no body, got {b}"),
        ),
        _ => {}
    }
    // The spec and a documented limit may both catch the same field: say it once.
    let mut seen = std::collections::HashSet::new();
    out.retain(|v| seen.insert((v.field.clone(), v.code.clone())));
    if out.is_empty() {
        Ok(op)
    } else {
        Err(out)
    }
}

/// Where the spec's schema `components/schemas/{name}` refuses `value` (for the payloads the
/// fake itself sends: messages, users, channels, ...), as readable lines.
pub fn response_errors(name: &str, value: &Value) -> Vec<String> {
    schema_errors(
        &format!("/components/schemas/{}", escape(name)),
        value,
        false,
    )
    .into_iter()
    .map(|(field, _, problem)| format!("{name}: `{}`: {problem}", field.join(".")))
    .collect()
}

/// Discord's answer to an invalid body: `{"code": 50035, "errors": {...}, "message":
/// "Invalid Form Body"}`, the errors nested by field as Discord nests them.
pub fn invalid_form_body(violations: &[Violation]) -> Value {
    let mut errors = json!({});
    for v in violations {
        let mut at = &mut errors;
        for seg in &v.field {
            if !at.is_object() {
                *at = json!({});
            }
            at = at
                .as_object_mut()
                .expect("an object")
                .entry(seg.clone())
                .or_insert_with(|| json!({}));
        }
        if !at.is_object() {
            *at = json!({});
        }
        let list = at
            .as_object_mut()
            .expect("an object")
            .entry("_errors")
            .or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(json!({"code": v.code, "message": v.problem}));
        }
    }
    json!({"code": 50035, "errors": errors, "message": "Invalid Form Body"})
}

// --- Documented limits the spec does not state -------------------------------------------

fn chars(v: &Value) -> usize {
    v.as_str().map(|s| s.chars().count()).unwrap_or(0)
}

fn at(prefix: &[String], rest: &[&str]) -> Vec<String> {
    prefix
        .iter()
        .cloned()
        .chain(rest.iter().map(|s| s.to_string()))
        .collect()
}

/// A message's content: 2,000 (the spec allows 4,000 on `create_message`, which only
/// Nitro users get; a bot gets 2,000).
const CONTENT: usize = 2000;
/// All embeds of a message together.
const EMBED_TOTAL: usize = 6000;
/// Top-level action rows of a message without the components-v2 flag, and of a modal.
const ROWS: usize = 5;
const IS_COMPONENTS_V2: u64 = 1 << 15;

/// The limits Discord documents beyond the spec's schemas, for operation `op`.
pub fn limits(op: &str, body: &Value) -> Found {
    let mut out = Found::new();
    match op {
        "create_message"
        | "update_message"
        | "execute_webhook"
        | "update_webhook_message"
        | "update_original_webhook_message" => message_limits(body, &[], &mut out),
        "create_thread" if body.get("message").is_some() => {
            message_limits(&body["message"], &["message".to_string()], &mut out);
        }
        "create_interaction_response" => {
            let data = ["data".to_string()];
            match body["type"].as_u64() {
                Some(4 | 7) => message_limits(&body["data"], &data, &mut out),
                Some(9) => {
                    let rows = body["data"]["components"]
                        .as_array()
                        .map(Vec::len)
                        .unwrap_or(0);
                    if rows > ROWS {
                        out.push((
                            at(&data, &["components"]),
                            "BASE_TYPE_MAX_LENGTH",
                            format!("a modal has at most {ROWS} components, got {rows}"),
                        ));
                    }
                }
                _ => {}
            }
        }
        "bulk_set_application_commands" | "bulk_set_guild_application_commands" => {
            for (i, c) in body.as_array().into_iter().flatten().enumerate() {
                command_limits(c, &[i.to_string()], &mut out);
            }
        }
        "create_application_command"
        | "create_guild_application_command"
        | "update_application_command"
        | "update_guild_application_command" => command_limits(body, &[], &mut out),
        _ => {}
    }
    out
}

fn message_limits(m: &Value, prefix: &[String], out: &mut Found) {
    // Discord: "parse" naming a type and a list of that type's ids are mutually exclusive.
    for kind in ["users", "roles"] {
        let parsed = m["allowed_mentions"]["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|k| k == kind));
        if parsed && m["allowed_mentions"][kind].is_array() {
            out.push((
                at(prefix, &["allowed_mentions", kind]),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                format!("parse:[\"{kind}\"] and {kind}: [ids] are mutually exclusive."),
            ));
        }
    }
    let n = chars(&m["content"]);
    if n > CONTENT {
        out.push((
            at(prefix, &["content"]),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {CONTENT} or fewer in length (got {n} characters)."),
        ));
    }
    let total: usize = m["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            chars(&e["title"])
                + chars(&e["description"])
                + chars(&e["footer"]["text"])
                + chars(&e["author"]["name"])
                + e["fields"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|f| chars(&f["name"]) + chars(&f["value"]))
                    .sum::<usize>()
        })
        .sum();
    if total > EMBED_TOTAL {
        out.push((
            at(prefix, &["embeds"]),
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TOTAL} (got {total})."),
        ));
    }
    let v2 = m["flags"].as_u64().unwrap_or(0) & IS_COMPONENTS_V2 != 0;
    let rows = m["components"].as_array().cloned().unwrap_or_default();
    if !v2 && rows.len() > ROWS {
        out.push((
            at(prefix, &["components"]),
            "BASE_TYPE_MAX_LENGTH",
            format!(
                "Must be {ROWS} or fewer in length (got {} rows).",
                rows.len()
            ),
        ));
    }
    // A row holds up to five buttons or one select menu, not both.
    for (i, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let selects = items.iter().filter(|c| c["type"] != json!(2)).count();
        if selects > 0 && items.len() > 1 {
            out.push((
                at(prefix, &["components", &i.to_string(), "components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "a select menu must be alone in its action row".into(),
            ));
        }
    }
}

/// The locales Discord accepts as localization keys: the spec's `AvailableLocalesEnum`.
fn locales() -> &'static [String] {
    static LOCALES: LazyLock<Vec<String>> = LazyLock::new(|| {
        spec()["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|l| l["const"].as_str().map(String::from))
            .collect()
    });
    &LOCALES
}

/// Discord's rule for chat-input command and option names: its regex, and lower case
/// wherever a letter has a lower-case form.
fn bad_name(name: &str) -> Option<String> {
    static NAME: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
            .expect("Discord's name regex compiles")
    });
    if !NAME.is_match(name) {
        return Some(format!(
            "{name:?} does not match ^[-_\\p{{L}}\\p{{N}}\\p{{sc=Deva}}\\p{{sc=Thai}}]{{1,32}}$"
        ));
    }
    if name
        .chars()
        .any(|c| c.to_lowercase().ne(std::iter::once(c)))
    {
        return Some(format!("{name:?} is not lower case"));
    }
    None
}

/// A field and its localizations: each key a known locale (and each localized name a valid
/// name when `names`); returns the longest of them, which is what counts toward the 8,000.
fn localized(item: &Value, key: &str, names: bool, prefix: &[String], out: &mut Found) -> usize {
    let mut longest = chars(&item[key]);
    let loc_key = format!("{key}_localizations");
    for (locale, text) in item[&loc_key].as_object().into_iter().flatten() {
        let field = at(prefix, &[&loc_key, locale]);
        if !locales().iter().any(|l| l == locale) {
            out.push((
                field.clone(),
                "LOCALE_INVALID",
                format!("{locale:?} is not one of Discord's locales"),
            ));
        }
        if names {
            if let Some(p) = text.as_str().and_then(bad_name) {
                out.push((field, "APPLICATION_COMMAND_INVALID_NAME", p));
            }
        }
        longest = longest.max(chars(text));
    }
    longest
}

/// Size (for the 8,000 total) and rules of one option and what it contains.
fn option_limits(o: &Value, prefix: &[String], out: &mut Found) -> usize {
    if let Some(p) = o["name"].as_str().and_then(bad_name) {
        out.push((at(prefix, &["name"]), "APPLICATION_COMMAND_INVALID_NAME", p));
    }
    let mut size = localized(o, "name", true, prefix, out);
    size += localized(o, "description", false, prefix, out);
    for (i, c) in o["choices"].as_array().into_iter().flatten().enumerate() {
        let p = at(prefix, &["choices", &i.to_string()]);
        size += localized(c, "name", false, &p, out);
        size += match &c["value"] {
            Value::String(s) => s.chars().count(),
            other => other.to_string().chars().count(),
        };
    }
    for (i, sub) in o["options"].as_array().into_iter().flatten().enumerate() {
        size += option_limits(sub, &at(prefix, &["options", &i.to_string()]), out);
    }
    size
}

/// Total characters of a command (name, description, options, choices; the longest
/// localization of each).
const COMMAND_TOTAL: usize = 8000;

fn command_limits(c: &Value, prefix: &[String], out: &mut Found) {
    let chat_input = c["type"].as_u64().unwrap_or(1) == 1;
    if !chat_input {
        // User and message commands: free-form names, no description, no options.
        return;
    }
    let desc = chars(&c["description"]);
    if !(1..=100).contains(&desc) {
        out.push((
            at(prefix, &["description"]),
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between 1 and 100 in length (got {desc})."),
        ));
    }
    let size = option_limits(c, prefix, out);
    if size > COMMAND_TOTAL {
        out.push((
            prefix.to_vec(),
            "APPLICATION_COMMAND_TOO_LARGE",
            format!("Command exceeds maximum size ({COMMAND_TOTAL}): {size} characters"),
        ));
    }
}

/// The checker itself: each rule refuses a known-bad request and accepts its limit.
#[cfg(test)]
mod tests {
    use super::*;

    fn fields(r: Result<&'static Operation, Vec<Violation>>) -> Vec<(String, String)> {
        r.err()
            .unwrap_or_default()
            .into_iter()
            .map(|v| (v.operation, v.field.join(".")))
            .collect()
    }

    fn check(method: &str, path: &str, body: Value) -> Vec<(String, String)> {
        fields(check_request(method, path, None, Some(&body)))
    }

    #[test]
    fn content_over_2000_characters_is_refused_naming_the_field() {
        let post = "/channels/123/messages";
        // Counted in code points: 2,000 Chinese characters are 6,000 bytes and still fit.
        assert_eq!(
            check("POST", post, json!({"content": "狼".repeat(2000)})),
            vec![]
        );
        assert_eq!(
            check("POST", post, json!({"content": "x".repeat(2001)})),
            vec![("create_message".to_string(), "content".to_string())]
        );
        // The same limit inside an interaction's answer and a forum post's first message.
        let answer = json!({"type": 4, "data": {"content": "x".repeat(2001)}});
        assert_eq!(
            check("POST", "/interactions/1/tok/callback", answer),
            vec![(
                "create_interaction_response".to_string(),
                "data.content".to_string()
            )]
        );
        let thread = json!({"name": "第1天", "message": {"content": "x".repeat(2001)}});
        assert_eq!(
            check("POST", "/channels/5/threads", thread),
            vec![("create_thread".to_string(), "message.content".to_string())]
        );
    }

    #[test]
    fn an_unknown_route_or_a_bad_id_is_refused() {
        let r = check("POST", "/channels/123/messagez", json!({"content": "hi"}));
        assert_eq!(
            r,
            vec![("POST /channels/123/messagez".to_string(), "".to_string())]
        );
        assert_eq!(
            fields(check_request("GET", "/channels/123/messages", None, None)),
            vec![]
        );
        assert_eq!(
            fields(check_request("GET", "/channels/abc/messages", None, None)),
            vec![("list_messages".to_string(), "channel_id".to_string())]
        );
        assert_eq!(
            fields(check_request(
                "GET",
                "/channels/1/messages",
                Some("limit=100&page=2"),
                None
            )),
            vec![("list_messages".to_string(), "page".to_string())]
        );
    }

    #[test]
    fn literal_segments_win_over_templates() {
        let op = |m, p| route(m, p).map(|o| o.id.as_str());
        assert_eq!(op("POST", "/users/@me/channels"), Some("create_dm"));
        assert_eq!(op("GET", "/users/@me"), Some("get_my_user"));
        assert_eq!(
            op("PATCH", "/webhooks/1/tok/messages/@original"),
            Some("update_original_webhook_message")
        );
        assert_eq!(
            op("PATCH", "/webhooks/1/tok/messages/22"),
            Some("update_webhook_message")
        );
    }

    #[test]
    fn a_wrong_field_type_is_refused_with_discords_error_shape() {
        let bad = check_request(
            "POST",
            "/channels/1/messages",
            None,
            Some(&json!({"content": "hi", "tts": "yes"})),
        )
        .err()
        .unwrap_or_default();
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!(bad[0].field, vec!["tts".to_string()]);
        // Snowflakes: integers accepted in requests (as Discord does), never in answers.
        let upload = json!({"content": "f", "attachments": [{"id": 0, "filename": "a.json"}]});
        assert_eq!(check("POST", "/channels/1/messages", upload), vec![]);
        let bad_id = json!({"attachments": [{"id": "zero"}]});
        assert_eq!(
            check("POST", "/channels/1/messages", bad_id),
            vec![("create_message".into(), "attachments.0.id".into())]
        );
        assert!(!response_errors("UserResponse", &json!({"id": 7, "username": "a"})).is_empty());
        let answer = invalid_form_body(&bad);
        assert_eq!(answer["code"], json!(50035));
        assert_eq!(answer["message"], json!("Invalid Form Body"));
        assert_eq!(
            answer["errors"]["tts"]["_errors"][0]["code"],
            json!("BASE_TYPE_BAD_TYPE")
        );
    }

    fn command(desc: &str) -> Value {
        json!({"name": "wolf", "type": 1, "description": desc, "options": [
            {"type": 1, "name": "setup", "description": "Set up", "options": [
                {"type": 3, "name": "ruleset", "description": "Which rules", "choices": [
                    {"name": "M32", "value": "m32"}]}]}]})
    }

    #[test]
    fn slash_command_rules_are_enforced() {
        let put = |c: Value| check("PUT", "/applications/9/commands", json!([c]));
        assert_eq!(put(command(&"d".repeat(100))), vec![]);
        let too_long = put(command(&"d".repeat(101)));
        assert!(
            too_long.contains(&(
                "bulk_set_application_commands".into(),
                "0.description".into()
            )),
            "{too_long:?}"
        );
        assert!(!put(command("")).is_empty(), "an empty description");

        let mut c = command("Werewolf");
        c["description_localizations"] = json!({"zh-CN": "狼人杀", "en": "Werewolf"});
        assert_eq!(
            put(c),
            vec![(
                "bulk_set_application_commands".into(),
                "0.description_localizations.en".into()
            )]
        );
        let mut c = command("Werewolf");
        c["options"][0]["options"][0]["choices"][0]["name_localizations"] = json!({"zh": "M32"});
        assert_eq!(
            put(c),
            vec![(
                "bulk_set_application_commands".into(),
                "0.options.0.options.0.choices.0.name_localizations.zh".into()
            )]
        );

        for name in ["Wolf", "wolf setup", "狼人"] {
            let mut c = command("Werewolf");
            c["name"] = json!(name);
            let r = put(c);
            assert_eq!(r.is_empty(), name == "狼人", "{name}: {r:?}");
        }
        let mut c = command("Werewolf");
        c["options"][0]["name_localizations"] = json!({"en-US": "Setup"});
        assert_eq!(
            put(c),
            vec![(
                "bulk_set_application_commands".into(),
                "0.options.0.name_localizations.en-US".into()
            )]
        );
    }

    #[test]
    fn a_command_over_8000_characters_is_refused() {
        // 25 options of 100-character descriptions in 3 languages: the longest counts.
        let opts: Vec<Value> = (0..25)
            .map(|i| {
                json!({"type": 3, "name": format!("o{i}"), "description": "d".repeat(100),
                       "description_localizations": {"zh-CN": "字".repeat(100), "en-US": "e".repeat(100)},
                       "choices": (0..25).map(|j| json!({"name": format!("c{j}"), "value": "v".repeat(9)})).collect::<Vec<_>>()})
            })
            .collect();
        let c = json!({"name": "big", "description": "big", "options": opts});
        let r = check("POST", "/applications/9/commands", c);
        assert_eq!(
            r,
            vec![("create_application_command".to_string(), "".to_string())]
        );
    }

    #[test]
    fn embed_and_component_limits_are_enforced() {
        let post = "/channels/1/messages";
        let embeds: Vec<Value> = (0..2)
            .map(|_| json!({"title": "t", "description": "d".repeat(3000)}))
            .collect();
        assert_eq!(
            check("POST", post, json!({"embeds": embeds})),
            vec![("create_message".into(), "embeds".into())]
        );
        let button =
            |i: usize| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")});
        let row =
            |n: usize| json!({"type": 1, "components": (0..n).map(button).collect::<Vec<_>>()});
        assert_eq!(
            check(
                "POST",
                post,
                json!({"components": (0..5).map(|_| row(5)).collect::<Vec<_>>()})
            ),
            vec![]
        );
        assert_eq!(
            check(
                "POST",
                post,
                json!({"components": (0..6).map(|_| row(1)).collect::<Vec<_>>()})
            ),
            vec![("create_message".into(), "components".into())]
        );
        assert_eq!(
            check("POST", post, json!({"components": [row(6)]})),
            vec![("create_message".into(), "components.0.components".into())]
        );
        let long_id = json!({"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "b", "custom_id": "x".repeat(101)}]}]});
        assert!(!check("POST", post, long_id).is_empty());
        let modal = |title: &str| {
            json!({"type": 9, "data": {"custom_id": "m", "title": title, "components": [
                {"type": 1, "components": [{"type": 4, "custom_id": "reason", "style": 2, "label": "Reason"}]}]}})
        };
        let cb = "/interactions/1/tok/callback";
        assert_eq!(check("POST", cb, modal(&"t".repeat(45))), vec![]);
        assert_eq!(
            check("POST", cb, modal(&"t".repeat(46))),
            vec![("create_interaction_response".into(), "data.title".into())]
        );
    }
}
