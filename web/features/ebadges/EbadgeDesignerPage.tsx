import { Anchor, Badge, Box, Button, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Language } from "../../../contract/common";
import type { Ebadge, EbadgeBlock, EbadgeBlockKind } from "../../../contract/ebadges";
import type { Event } from "../../../contract/events";
import { ApiError } from "../../api/client";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { saveFile } from "../../ui/download";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useImage } from "../../ui/image-upload/images.queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { BadgeCanvas } from "./BadgeCanvas";
import { BadgePanel } from "./BadgePanel";
import type { BlockSources } from "./BlockContent";
import { BlockPanel } from "./BlockPanel";
import { useBadgeFontFaces } from "./badge-fonts";
import { type BadgeDesign, designOf, keepOnPage, newBlock, pageSize } from "./badge-geometry";
import { DesignerPalette } from "./DesignerPalette";
import classes from "./EbadgeDesignerPage.module.css";
import { useBadgeFonts, useEbadge, useEbadgePdf, useUpdateEbadge } from "./ebadges.queries";

/** SPEC §3 E-badge: the designer of one badge, its page drawn to scale with its blocks. */
export function EbadgeDesignerPage() {
  const { t } = useTranslation();
  const { eventId = "", ebadgeId = "" } = useParams();
  const event = useEvent(eventId);
  const badge = useEbadge(eventId, ebadgeId);
  usePageTitle(badge.data ? t("ebadges.designer.pageTitle", { name: badge.data.name }) : t("ebadges.title"));
  const page = eventPageQueries(event, badge);
  if (!page.answers) return page.placeholder;
  const [loadedEvent, loadedBadge] = page.answers;
  return <Designer key={loadedBadge.id} event={loadedEvent} badge={loadedBadge} />;
}

/** The widest and tallest the page is drawn, in pixels: an A4 reads whole on a laptop's screen. */
const largestPage = { width: 720, height: 780 };

function Designer({ event, badge }: { event: Event; badge: Ebadge }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const { accountId, can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const fonts = useBadgeFonts();
  const customFields = useCustomFields(event.id);
  useBadgeFontFaces(fonts.data);
  const update = useUpdateEbadge(event.id, badge.id);
  const loadPdf = useEbadgePdf(event.id);
  const [design, setDesign] = useState<BadgeDesign>(() => designOf(badge));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The organizer's own language first when the event has it, else the event's preferred one.
  const [language, setLanguage] = useState<Language>(() => {
    const own = toLanguage(i18n.language);
    return event.languages.includes(own) ? own : event.preferredLanguage;
  });
  const [nameError, setNameError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const focusBlock = useRef<string | null>(null);
  const { ref: stage, width: stageWidth } = useElementSize();
  const background = useImage(accountId, event.id, design.backgroundImageId);

  const disabled = !can("events.update") || event.archived;
  const dirty = JSON.stringify(design) !== JSON.stringify(designOf(badge));
  const page = pageSize(design.format, design.orientation);
  const scale = Math.min((stageWidth || largestPage.width) / page.width, largestPage.height / page.height, 4);
  const selected = design.blocks.find((block) => block.id === selectedId) ?? null;
  const sources: BlockSources = {
    accountId,
    event,
    fonts: fonts.data ?? [],
    customFields: customFields.data ?? [],
    language,
  };

  // A block just added takes the focus, so the arrow keys move it at once.
  useEffect(() => {
    if (!focusBlock.current) return;
    document.querySelector<HTMLElement>(`[data-block="${focusBlock.current}"]`)?.focus();
    focusBlock.current = null;
  });

  const changeDesign = (change: Partial<BadgeDesign>) =>
    setDesign((current) => {
      const next = { ...current, ...change };
      // A smaller page or a turn of it keeps every block on it.
      const nextPage = pageSize(next.format, next.orientation);
      return { ...next, blocks: next.blocks.map((block) => keepOnPage(block, nextPage)) };
    });
  const addBlock = (kind: EbadgeBlockKind) => {
    const block = newBlock(kind, page, crypto.randomUUID());
    setDesign((current) => ({ ...current, blocks: [...current.blocks, block] }));
    setSelectedId(block.id);
    focusBlock.current = block.id;
  };
  const replaceBlock = (block: EbadgeBlock) =>
    setDesign((current) => ({
      ...current,
      blocks: current.blocks.map((candidate) => (candidate.id === block.id ? block : candidate)),
    }));
  const removeBlock = (id: string) => {
    setDesign((current) => ({ ...current, blocks: current.blocks.filter((block) => block.id !== id) }));
    setSelectedId(null);
  };

  const save = async () => {
    clearAlert();
    setNameError(null);
    try {
      const saved = await update.mutateAsync(design);
      setDesign(designOf(saved));
      notifications.show({ color: "green", message: t("common.saved") });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fields.name) setNameError(error.fields.name);
      showAlert(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  // The tab opens on the click itself (a browser blocks one opened later), then shows the PDF once it has come.
  const preview = async () => {
    const tab = window.open("", "_blank");
    setPreviewing(true);
    try {
      if (dirty && !(await save())) {
        tab?.close();
        return;
      }
      const pdf = await loadPdf(badge.id);
      if (!tab) {
        saveFile(pdf, `${design.name}.pdf`);
        return;
      }
      const url = URL.createObjectURL(pdf);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      showAlert(error instanceof Error ? error.message : String(error));
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={adminPath(`/events/${event.id}/ebadges`)} size="sm" c="blue.8">
        ← {t("ebadges.designer.back")}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {badge.name}
          </Title>
          {dirty && <Badge color="orange">{t("ebadges.designer.unsaved")}</Badge>}
        </Group>
        <Group gap="sm">
          <Button component={Link} to={adminPath(`/events/${event.id}/ebadges/conditions`)} variant="subtle">
            {t("ebadges.conditions.title")}
          </Button>
          <Button variant="light" onClick={preview} loading={previewing}>
            {t("ebadges.designer.preview")}
          </Button>
          {!disabled && (
            <Button onClick={save} loading={update.isPending} disabled={!dirty}>
              {t("common.save")}
            </Button>
          )}
        </Group>
      </Group>
      <div className={classes.workspace}>
        <DesignerPalette
          blocks={design.blocks}
          selectedId={selectedId}
          sources={sources}
          onAdd={addBlock}
          onSelect={(id) => {
            setSelectedId(id);
            focusBlock.current = id;
          }}
          disabled={disabled}
        />
        <Stack gap="xs" className={classes.stage}>
          {event.languages.length > 1 && (
            <Group gap="xs">
              <Text size="sm" fw={500} id="badge-language">
                {t("ebadges.designer.language")}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby="badge-language"
                value={language}
                onChange={(value) => setLanguage(value as Language)}
                data={event.languages.map((code) => ({ value: code, label: t(`events.languages.${code}`) }))}
              />
            </Group>
          )}
          <Box ref={stage} className={classes.desk}>
            <BadgeCanvas
              page={page}
              scale={scale}
              rotation={design.rotation}
              backgroundUrl={background.data?.url ?? (design.backgroundImageId ? badge.backgroundUrl : null)}
              blocks={design.blocks}
              selectedId={selectedId}
              sources={sources}
              onSelect={setSelectedId}
              onChange={(block) => !disabled && replaceBlock(block)}
              onRemove={(id) => !disabled && removeBlock(id)}
            />
          </Box>
          <Text size="xs" c="gray.7">
            {t("ebadges.designer.keyboardHint")}
          </Text>
        </Stack>
        <Box className={classes.panel} component="aside" aria-label={t("ebadges.designer.settings")}>
          {selected ? (
            <BlockPanel
              block={selected}
              page={page}
              sources={sources}
              languages={event.languages}
              onLanguage={setLanguage}
              onChange={replaceBlock}
              onRemove={() => removeBlock(selected.id)}
              disabled={disabled}
            />
          ) : (
            <BadgePanel
              accountId={accountId}
              eventId={event.id}
              design={design}
              onChange={changeDesign}
              nameError={nameError}
              disabled={disabled}
            />
          )}
        </Box>
      </div>
    </Stack>
  );
}
