import sanitizeHtml from "sanitize-html";

/**
 * What a custom page's HTML may hold: what the back office's editor (tiptap's starter kit with links) writes, nothing
 * more. Anything else (scripts, styles, frames, event handlers, javascript: links) is dropped on save, so the page
 * can be shown as HTML to every visitor. Images are kept when they come from the web over http(s), as the event's own
 * images do (their addresses are absolute).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "img",
    "br",
    "hr",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: { a: ["http", "https", "mailto"], img: ["http", "https"] },
  allowProtocolRelative: false,
  // Text of a dropped element stays (a <span> or <div> the editor does not make), but never a script's or style's.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template"],
  transformTags: {
    // A link opening a new tab must not hand the page to the opened one, nor tell it where the visitor came from.
    a: (tagName, { target, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(target === "_blank" ? { target } : {}), rel: "noopener noreferrer" },
    }),
  },
  // An image whose address was refused (data:, javascript:) would only show as broken.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
