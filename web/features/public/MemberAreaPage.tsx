import { Anchor, Badge, Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type MemberRegistration, memberLinkBody } from "../../../contract/public";
import { ApiError } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { LoadingLine } from "../../ui/LoadingLine";
import { useLanguageScope } from "../../ui/language-scope";
import { memberToken, useMemberSession } from "../../ui/public-layout/member-session";
import { usePublicEventContext } from "../../ui/public-layout/PublicLayout";
import {
  publicApi,
  useEventSlug,
  useMemberRegistration,
  usePublicBase,
} from "../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { MemberSharedFiles } from "../content/shared-files/MemberSharedFiles";
import { MemberAnswers } from "../forms/public/MemberAnswers";
import { useMemberFormAnswers } from "../forms/public/public-forms.queries";
import { MemberOrders } from "../ticketing/member/MemberOrders";
import { useRequestMemberLink, useUnregister } from "./public.queries";

/**
 * The guest's own space: sign in by an emailed link (`?token=` is that link), then the registration, companions and
 * answers, orders and tickets, unregistering and signing out.
 */
export function MemberAreaPage() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const session = useMemberSession(slug);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  usePageTitle(t("public.member.title"));

  if (token) return <OpenSession token={token} onOpened={session.start} />;
  if (!session.signedIn) return <AskForLink />;
  return <Registration onSignedOut={session.end} />;
}

/** Spends the mailed link once (StrictMode runs effects twice) and takes the token out of the address. */
function OpenSession({ token, onOpened }: { token: string; onOpened: (sessionToken: string) => void }) {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const base = usePublicBase();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const spent = useRef(false);
  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    const leave = () => navigate(`${base}/member`, { replace: true });
    publicApi.openMemberSession({ params: { slug }, body: { token } }).then(
      ({ sessionToken }) => {
        onOpened(sessionToken);
        leave();
      },
      (error: Error) => {
        // The path stays the same (only the token leaves the query), so the banner stays with the email form.
        leave();
        showAlert(error.message);
      },
    );
  }, [slug, token, base, navigate, onOpened, showAlert]);
  return (
    <Stack>
      <LoadingLine />
      <Text role="status">{t("public.member.signingIn")}</Text>
    </Stack>
  );
}

function AskForLink() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const { showAlert, clearAlert } = useAlert();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestLink = useRequestMemberLink(slug);
  const form = useContractForm(memberLinkBody, { email: "", language });
  const onSubmit = form.onSubmit((body) => {
    clearAlert();
    requestLink.mutate(
      { ...body, language },
      { onSuccess: () => setSentTo(body.email), onError: (error) => showAlert(showServerErrors(form, error)) },
    );
  });

  if (sentTo) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t("public.member.checkMailbox")}
        </Title>
        <Text role="status">{t("public.member.linkSent", { email: sentTo })}</Text>
        <Button variant="light" onClick={() => setSentTo(null)}>
          {t("public.member.otherAddress")}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        {t("public.member.title")}
      </Title>
      <Text>{t("public.member.intro")}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            type="email"
            autoComplete="email"
            label={t("public.member.email")}
            withAsterisk
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={requestLink.isPending} fullWidth>
            {t("public.member.sendLink")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function Registration({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const base = usePublicBase();
  const event = usePublicEventContext();
  const { showAlert } = useAlert();
  const registration = useMemberRegistration(slug, true);
  const formAnswers = useMemberFormAnswers(slug, true);
  const expired = registration.error instanceof ApiError && registration.error.status === 401;

  useEffect(() => {
    if (!expired || !registration.error) return;
    onSignedOut();
    showAlert(registration.error.message);
  }, [expired, registration.error, onSignedOut, showAlert]);

  if (registration.isPending || expired) return <LoadingLine />;
  if (registration.isError) return <Text role="alert">{registration.error.message}</Text>;
  const signOut = () => {
    void publicApi.logout({ params: { slug }, token: memberToken(slug) }).catch(() => undefined);
    onSignedOut();
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2">
          {t("public.member.title")}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={signOut} style={{ flexShrink: 0 }}>
          {t("public.member.signOut")}
        </Button>
      </Group>
      <Summary registration={registration.data} />
      <Companions registration={registration.data} />
      {/* A guest who answered a form reads their own answers there; the guest list's values are for the others. */}
      {formAnswers.data?.items.length === 0 && <Answers registration={registration.data} />}
      <MemberAnswers />
      <MemberOrders />
      <MemberSharedFiles />
      {event.modules.attendees && (
        <Anchor component={Link} to={`${base}/attendees`}>
          {t("public.member.attendeesLink")}
        </Anchor>
      )}
      {registration.data.status !== "cancelled" && <Unregister />}
    </Stack>
  );
}

function Summary({ registration }: { registration: MemberRegistration }) {
  const { t } = useTranslation();
  const cancelled = registration.status === "cancelled";
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="member-registration">
      <Title order={2} size="h4" id="member-registration" mb="xs">
        {t("public.member.registration")}
      </Title>
      <Text fw={600}>{`${registration.firstName} ${registration.lastName}`.trim()}</Text>
      <Text c="gray.8" style={{ overflowWrap: "anywhere" }}>
        {registration.email}
      </Text>
      <Badge mt="sm" color={cancelled ? "red" : registration.status === "confirmed" ? "green" : "gray"}>
        {t(`public.member.status.${registration.status}`)}
      </Badge>
    </Card>
  );
}

function Companions({ registration }: { registration: MemberRegistration }) {
  const { t } = useTranslation();
  const { companions, namelessCompanions, companionsExpected } = registration;
  if (companionsExpected === 0 && namelessCompanions === 0 && companions.length === 0) return null;
  return (
    <section aria-labelledby="member-companions">
      <Title order={2} size="h4" id="member-companions" mb="xs">
        {t("public.member.companions")}
      </Title>
      <Text>{t("public.member.companionsExpected", { count: companionsExpected })}</Text>
      {namelessCompanions > 0 && <Text>{t("public.member.namelessCompanions", { count: namelessCompanions })}</Text>}
      {companions.length > 0 && (
        <List mt="xs">
          {companions.map((companion, index) => (
            // Companions have no public id: names may repeat, so their position keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <List.Item key={index}>{`${companion.firstName} ${companion.lastName}`.trim()}</List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

function Answers({ registration }: { registration: MemberRegistration }) {
  const { t } = useTranslation();
  if (registration.answers.length === 0) return null;
  return (
    <section aria-labelledby="member-answers">
      <Title order={2} size="h4" id="member-answers" mb="xs">
        {t("public.member.answers")}
      </Title>
      <Stack component="dl" gap="xs" m={0}>
        {registration.answers.map((answer) => (
          <div key={answer.fieldId}>
            <Text component="dt" size="sm" c="gray.7">
              {answer.name}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
              {Array.isArray(answer.value) ? answer.value.join(", ") : String(answer.value)}
            </Text>
          </div>
        ))}
      </Stack>
    </section>
  );
}

function Unregister() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const { showAlert } = useAlert();
  const [opened, { open, close }] = useDisclosure(false);
  const unregister = useUnregister(slug);
  const confirm = () =>
    unregister.mutate(undefined, {
      onSuccess: () => showAlert(t("public.member.unregistered"), "green"),
      onError: (error) => showAlert(error.message),
      onSettled: close,
    });
  return (
    <>
      <Button color="red.9" variant="outline" onClick={open}>
        {t("public.member.unregister")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("public.member.unregisterTitle")} centered>
        <Text mb="lg">{t("public.member.unregisterText")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button color="red.9" loading={unregister.isPending} onClick={confirm}>
            {t("public.member.unregisterConfirm")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
