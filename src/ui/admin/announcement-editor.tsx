"use client";

import "@mantine/tiptap/styles.css";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslations } from "next-intl";

/**
 * The rich-text editor of an announcement: headings, emphasis, lists and links only, which is
 * what the sanitizer keeps. Loaded on the announcements page only.
 */
export function AnnouncementEditor({ value, onChange, labelledBy, error }: { value: string; onChange: (html: string) => void; labelledBy: string; error?: string }) {
  const t = useTranslations("admin.announcements.editor");
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false }), Link.configure({ openOnClick: false, protocols: ["https", "http", "mailto", "tel"] })],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { "aria-labelledby": labelledBy, "aria-multiline": "true", role: "textbox", "data-testid": "announcement-content" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <RichTextEditor
      editor={editor}
      labels={{
        boldControlLabel: t("bold"),
        italicControlLabel: t("italic"),
        h3ControlLabel: t("heading"),
        bulletListControlLabel: t("bullets"),
        orderedListControlLabel: t("numbers"),
        linkControlLabel: t("link"),
        unlinkControlLabel: t("unlink"),
        linkEditorInputLabel: t("link-address"),
        linkEditorInputPlaceholder: "https://",
        linkEditorSave: t("link-save"),
        linkEditorExternalLink: t("link-external"),
        linkEditorInternalLink: t("link-internal"),
      }}
      style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
