import { describe, expect, it } from "vitest";
import type { CampaignLanguageContent } from "../../../contract/campaigns.js";
import { AppError } from "../../platform/errors.js";
import { contentErrors, personalize, personalizer, renderCampaign, renderContent } from "./campaign-render.js";

const config = { publicUrl: "https://events.test" };
const imageId = "7f0c3a6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

const content: CampaignLanguageContent = {
  subject: "Hello {{first_name}}",
  previewText: "Your <invitation> & more",
  blocks: [
    { type: "title", text: "Welcome {{first_name}} {{last_name}}" },
    { type: "text", text: "Line one <script>alert(1)</script>\nLine two & three" },
    { type: "image", imageId, alt: 'A "quoted" banner', url: "https://example.com/banner" },
    { type: "button", label: "Register", url: "{{registration_link}}" },
    {
      type: "columns",
      columns: [[{ type: "text", text: "Left" }], [{ type: "button", label: "Right", url: "https://example.com/r" }]],
    },
    { type: "divider" },
    { type: "spacer", height: 24 },
    { type: "footer", text: "Unsubscribe: {{unsubscribe_link}}" },
  ],
};

const values = {
  first_name: "Zoé <b>",
  last_name: "O'Neil & Co",
  registration_link: "https://events.test/r?a=1&b=2",
  unsubscribe_link: "https://events.test/u/abc",
};

describe("campaign rendering", () => {
  it("renders MJML to HTML with organizer text escaped and merge tags kept", async () => {
    const rendered = await renderContent(config, content, "en");
    expect(rendered.subject).toBe("Hello {{first_name}}");
    expect(rendered.html).toContain("Welcome {{first_name}} {{last_name}}");
    expect(rendered.html).toContain("Line one &lt;script&gt;alert(1)&lt;/script&gt;<br />Line two &amp; three");
    expect(rendered.html).not.toContain("<script>alert");
    expect(rendered.html).toContain("Your &lt;invitation&gt; &amp; more");
    expect(rendered.html).toContain(`src="https://events.test/api/v1/images/${imageId}/640"`);
    expect(rendered.html).toContain('alt="A &quot;quoted&quot; banner"');
    expect(rendered.html).toContain('href="{{registration_link}}"');
    expect(rendered.html).toContain('<html lang="en"');
    expect(rendered.html).not.toContain("fonts.googleapis.com");
  });

  it("writes the plain text from the blocks", async () => {
    const { text } = await renderContent(config, content, "en");
    expect(text).toBe(
      `${[
        "Welcome {{first_name}} {{last_name}}",
        "Line one <script>alert(1)</script>\nLine two & three",
        '[A "quoted" banner] https://example.com/banner',
        "Register: {{registration_link}}",
        "Left\n\nRight: https://example.com/r",
        "----------",
        "Unsubscribe: {{unsubscribe_link}}",
      ].join("\n\n")}\n`,
    );
  });

  it("personalizes: escaped values in the HTML, raw ones in the subject and text", async () => {
    const mail = personalize(await renderContent(config, content, "en"), values);
    expect(mail.subject).toBe("Hello Zoé <b>");
    expect(mail.html).toContain("Welcome Zoé &lt;b&gt; O&#39;Neil &amp; Co");
    expect(mail.html).toContain('href="https://events.test/r?a=1&amp;b=2"');
    expect(mail.html).not.toContain("{{");
    expect(mail.text).toContain("Welcome Zoé <b> O'Neil & Co");
    expect(mail.text).toContain("Register: https://events.test/r?a=1&b=2");
    expect(mail.text).toContain("Unsubscribe: https://events.test/u/abc");
  });

  it("prepares once and fills many recipients", async () => {
    const fillFor = personalizer(await renderContent(config, content, "en"));
    const a = fillFor({ ...values, first_name: "Ann" });
    const b = fillFor({ ...values, first_name: "Bob" });
    expect(a.subject).toBe("Hello Ann");
    expect(b.subject).toBe("Hello Bob");
  });

  it("falls back to a written language and refuses content that does not render", async () => {
    const rendered = await renderCampaign({ config }, { content: { fr: content } }, "es");
    expect(rendered.html).toContain('<html lang="fr"');
    const broken = { ...content, blocks: [{ type: "spacer", height: "tall" } as never] };
    const failure = await renderContent(config, broken, "en").catch((error) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 422, code: "CAMPAIGN_RENDER_FAILED" });
  });

  it("checks the send rules: subject, footer, target URLs", () => {
    expect(contentErrors({ en: content })).toEqual({});
    const bad: CampaignLanguageContent = {
      subject: "x".repeat(81),
      previewText: "",
      blocks: [
        { type: "button", label: "Go", url: "" },
        { type: "columns", columns: [[{ type: "image", imageId, alt: "", url: "" }], []] },
      ],
    };
    expect(contentErrors({ fr: bad, en: { ...content, subject: "" } })).toEqual({
      "content.fr.subject": { code: "CAMPAIGN_SUBJECT_TOO_LONG" },
      "content.fr.blocks": { code: "CAMPAIGN_FOOTER_REQUIRED" },
      "content.fr.blocks.0.url": { code: "CAMPAIGN_TARGET_URL_REQUIRED" },
      "content.fr.blocks.1.columns.0.0.url": { code: "CAMPAIGN_TARGET_URL_REQUIRED" },
      "content.en.subject": { code: "FIELD_REQUIRED" },
    });
  });
});
