import "@mantine/tiptap/styles.layer.css";
import { Input } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The rich text of a custom page: paragraphs, headings (the page's title is its h1), bold, italic, underline,
 * strikethrough, lists, quotes, lines and links, which is what the server's allow-list keeps
 * (server/modules/content/custom-pages.sanitize.ts). Code blocks are left out: the page would lose them.
 */
export function PageBodyEditor({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    // The HTML the server answered is the starting point; later changes come from the organizer only.
    content: value,
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: false }),
      Link.configure({ openOnClick: false, protocols: ["mailto"], defaultProtocol: "https" }),
    ],
    editorProps: {
      // The editable area is the field: screen readers name it by the label above, as a multi-line text box.
      attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });
  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t("content.pages.editor.bold"),
    italicControlLabel: t("content.pages.editor.italic"),
    underlineControlLabel: t("content.pages.editor.underline"),
    strikeControlLabel: t("content.pages.editor.strike"),
    clearFormattingControlLabel: t("content.pages.editor.clearFormatting"),
    h2ControlLabel: t("content.pages.editor.h2"),
    h3ControlLabel: t("content.pages.editor.h3"),
    h4ControlLabel: t("content.pages.editor.h4"),
    bulletListControlLabel: t("content.pages.editor.bulletList"),
    orderedListControlLabel: t("content.pages.editor.orderedList"),
    blockquoteControlLabel: t("content.pages.editor.blockquote"),
    hrControlLabel: t("content.pages.editor.hr"),
    linkControlLabel: t("content.pages.editor.link"),
    unlinkControlLabel: t("content.pages.editor.unlink"),
    linkEditorInputLabel: t("content.pages.editor.linkInput"),
    linkEditorInputPlaceholder: t("content.pages.editor.linkPlaceholder"),
    linkEditorExternalLink: t("content.pages.editor.linkExternal"),
    linkEditorInternalLink: t("content.pages.editor.linkInternal"),
    linkEditorSave: t("content.pages.editor.linkSave"),
    undoControlLabel: t("content.pages.editor.undo"),
    redoControlLabel: t("content.pages.editor.redo"),
  };
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar role="toolbar" aria-label={t("content.pages.editor.toolbar")}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
