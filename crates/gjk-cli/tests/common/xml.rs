//! A small XML well-formedness check for the SVG the crate writes (no
//! dependency): one root element, every tag closed in order, attributes
//! quoted and unique, only the five predefined entities and character
//! references, no `<` or `&` loose in text.

use std::collections::BTreeSet;

/// `Ok(element names in document order)` or what is wrong and where.
pub fn check(doc: &str) -> Result<Vec<String>, String> {
    let b = doc.as_bytes();
    let mut i = 0;
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut roots = 0;
    let at = |i: usize| format!("byte {i}: {:?}", &doc[i..doc.len().min(i + 40)]);
    while i < b.len() {
        if b[i] != b'<' {
            let end = doc[i..].find('<').map_or(b.len(), |k| i + k);
            let text = &doc[i..end];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root element at {}", at(i)));
            }
            check_text(text).map_err(|e| format!("{e} at {}", at(i)))?;
            i = end;
            continue;
        }
        let close = doc[i..]
            .find('>')
            .map(|k| i + k)
            .ok_or_else(|| format!("unclosed tag at {}", at(i)))?;
        let tag = &doc[i + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?} at {}", at(i))),
            }
        } else if tag.starts_with('?') || tag.starts_with('!') {
            // Declarations and comments: not written by the crate.
            return Err(format!("unexpected declaration at {}", at(i)));
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name_end = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
            let name = &body[..name_end];
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
            {
                return Err(format!("bad element name {name:?} at {}", at(i)));
            }
            check_attributes(&body[name_end..]).map_err(|e| format!("{e} at {}", at(i)))?;
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.to_string());
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        i = close + 1;
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(names)
}

fn check_text(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(k) = rest.find('&') {
        let after = &rest[k + 1..];
        let end = after.find(';').ok_or("a loose &")?;
        let entity = &after[..end];
        let ok = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
            || entity
                .strip_prefix("#x")
                .is_some_and(|h| u32::from_str_radix(h, 16).is_ok())
            || entity
                .strip_prefix('#')
                .is_some_and(|d| d.parse::<u32>().is_ok());
        if !ok {
            return Err(format!("unknown entity &{entity};"));
        }
        rest = &after[end + 1..];
    }
    if text.contains('>') && text.contains("]]>") {
        return Err("]]> in text".into());
    }
    Ok(())
}

fn check_attributes(mut s: &str) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(());
        }
        let eq = s
            .find('=')
            .ok_or_else(|| format!("attribute without value: {s:?}"))?;
        let name = s[..eq].trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(format!("bad attribute name {name:?}"));
        }
        if !seen.insert(name.to_string()) {
            return Err(format!("duplicate attribute {name}"));
        }
        let rest = s[eq + 1..].trim_start();
        let quote = rest.chars().next().ok_or("missing attribute value")?;
        if quote != '"' && quote != '\'' {
            return Err(format!("unquoted value of {name}"));
        }
        let end = rest[1..]
            .find(quote)
            .ok_or_else(|| format!("unterminated value of {name}"))?;
        let value = &rest[1..1 + end];
        if value.contains('<') {
            return Err(format!("< in the value of {name}"));
        }
        check_text(value)?;
        s = &rest[end + 2..];
    }
}
