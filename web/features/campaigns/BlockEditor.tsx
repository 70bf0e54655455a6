import { Button, Group, Menu, NumberInput, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type CampaignBlock, mergeTags } from "../../../contract/campaigns";
import { ImageUploadField } from "../../ui/image-upload/ImageUploadField";

type CellBlock = Extract<CampaignBlock, { type: "title" | "text" | "image" | "button" }>;

/** A menu that appends a merge tag (first name, last name, links) to a text. */
function MergeTagMenu({ onInsert, label }: { onInsert: (tag: string) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" aria-label={label}>
          {t("campaigns.editor.insertTag")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {mergeTags.map((tag) => (
          <Menu.Item key={tag} onClick={() => onInsert(`{{${tag}}}`)}>
            {t(`campaigns.mergeTags.${tag}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The settings of one block: its texts, link and image; `errorOf` reads the server's message for a field path. */
export function BlockFields({
  block,
  path,
  onChange,
  errorOf,
  accountId,
  eventId,
}: {
  block: CampaignBlock;
  path: string;
  onChange: (block: CampaignBlock) => void;
  errorOf: (path: string) => string | undefined;
  accountId: string;
  eventId: string;
}) {
  const { t } = useTranslation();
  const typeName = t(`campaigns.blocks.${block.type}`);
  switch (block.type) {
    case "title":
    case "text":
    case "footer": {
      const label = t(block.type === "title" ? "campaigns.editor.titleText" : "campaigns.editor.text");
      return (
        <Stack gap={4}>
          <Textarea
            label={`${typeName} — ${label}`}
            value={block.text}
            autosize
            minRows={block.type === "title" ? 1 : 3}
            onChange={(change) => onChange({ ...block, text: change.currentTarget.value })}
            error={errorOf(`${path}.text`)}
          />
          <Group>
            <MergeTagMenu
              label={t("campaigns.editor.insertTagIn", { block: typeName })}
              onInsert={(tag) => onChange({ ...block, text: `${block.text}${tag}` })}
            />
          </Group>
        </Stack>
      );
    }
    case "button":
      return (
        <Group grow align="start">
          <TextInput
            label={t("campaigns.editor.buttonLabel")}
            value={block.label}
            onChange={(change) => onChange({ ...block, label: change.currentTarget.value })}
            error={errorOf(`${path}.label`)}
          />
          <TextInput
            label={t("campaigns.editor.targetUrl")}
            value={block.url}
            placeholder="https://"
            onChange={(change) => onChange({ ...block, url: change.currentTarget.value })}
            error={errorOf(`${path}.url`)}
          />
        </Group>
      );
    case "image":
      return (
        <Stack gap="xs">
          <ImageUploadField
            accountId={accountId}
            eventId={eventId}
            purpose="campaign"
            label={t("campaigns.editor.image")}
            value={block.imageId || null}
            onChange={(imageId) => onChange({ ...block, imageId: imageId ?? "" })}
            error={errorOf(`${path}.imageId`)}
          />
          <Group grow align="start">
            <TextInput
              label={t("campaigns.editor.alt")}
              value={block.alt}
              onChange={(change) => onChange({ ...block, alt: change.currentTarget.value })}
            />
            <TextInput
              label={t("campaigns.editor.targetUrl")}
              value={block.url}
              placeholder="https://"
              onChange={(change) => onChange({ ...block, url: change.currentTarget.value })}
              error={errorOf(`${path}.url`)}
            />
          </Group>
        </Stack>
      );
    case "spacer":
      return (
        <NumberInput
          label={t("campaigns.editor.height")}
          value={block.height}
          min={4}
          max={200}
          onChange={(value) => onChange({ ...block, height: Number(value) || 24 })}
          maw={200}
        />
      );
    case "divider":
      return <Text c="gray.7">{typeName}</Text>;
    case "columns":
      return (
        <Group grow align="start">
          {block.columns.map((cell, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; a block is known by its place
            <Paper key={`column-${column}`} withBorder p="xs">
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {t("campaigns.editor.column", { number: column + 1 })}
                </Text>
                {cell.map((inner, row) => (
                  <BlockFields
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; a block is known by its place
                    key={`${column}-${row}-${inner.type}`}
                    block={inner}
                    path={`${path}.columns.${column}.${row}`}
                    errorOf={errorOf}
                    accountId={accountId}
                    eventId={eventId}
                    onChange={(next) => {
                      const columns = block.columns.map((c, i) =>
                        i === column ? c.map((b, j) => (j === row ? (next as CellBlock) : b)) : c,
                      );
                      onChange({ ...block, columns });
                    }}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
        </Group>
      );
  }
}

/** A new block of a type, with texts to fill in. */
export function emptyBlock(type: CampaignBlock["type"]): CampaignBlock {
  switch (type) {
    case "title":
    case "text":
    case "footer":
      return { type, text: type === "footer" ? "{{unsubscribe_link}}" : "" };
    case "image":
      return { type, imageId: "", alt: "", url: "" };
    case "button":
      return { type, label: "", url: "" };
    case "columns":
      return { type, columns: [[{ type: "text", text: "" }], [{ type: "text", text: "" }]] };
    case "divider":
      return { type };
    case "spacer":
      return { type, height: 24 };
  }
}
