import "@mantine/dates/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
import { AppShell, Burger, Button, Center, Group, Menu, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import type { AccountAction } from "../../contract/permissions";
import { onUnauthorized, sessionStore } from "../api/client";
import { AccountSwitcher } from "../features/accounts/AccountSwitcher";
import { useCurrentAccountId } from "../features/accounts/current-account";
import { useMe, useSignOut } from "../features/auth/auth.queries";
import { AdminContext, buildAdminContext } from "../ui/admin-context";
import { AlertBanner } from "../ui/alert";
import { LanguageMenu } from "../ui/LanguageMenu";
import { LoadingLine } from "../ui/LoadingLine";
import { useAdminPath, useOrganizerCatalogue } from "../ui/language-scope";

type NavItem = { path: string; label: string; action?: AccountAction; platformOnly?: boolean };

/** The back-office frame: header with account, language and user menus; navigation by section; the page. */
export function AdminLayout() {
  useOrganizerCatalogue();
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [opened, { toggle, close }] = useDisclosure();
  const me = useMe();
  const signOut = useSignOut();
  const accountId = useCurrentAccountId(me.data?.memberships, me.data?.user.isPlatformAdmin);

  useEffect(() => onUnauthorized(() => navigate(adminPath())), [navigate, adminPath]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the mobile menu follows the path.
  useEffect(() => close(), [location.pathname]);

  const context = useMemo(
    () => (me.data && accountId ? buildAdminContext(me.data, accountId) : null),
    [me.data, accountId],
  );

  if (!sessionStore.get()) {
    return <Navigate to={`${adminPath()}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (me.isPending) return <LoadingLine />;
  if (me.isError || !me.data) return <Navigate to={adminPath()} replace />;

  const { user, memberships } = me.data;
  const sections: { title: string; items: NavItem[] }[] = [
    {
      title: t("app.nav.eventsSection"),
      items: [{ path: "/events", label: t("app.nav.events"), action: "events.read" }],
    },
    {
      title: t("app.nav.accountSection"),
      items: [
        { path: "/account", label: t("app.nav.accountParams"), action: "account.read" },
        { path: "/account/settings", label: t("app.nav.adminSettings"), action: "account.update" },
        { path: "/account/organizers", label: t("app.nav.organizers"), action: "organizers.read" },
        { path: "/account/teams", label: t("app.nav.teams"), action: "teams.read" },
        { path: "/account/api-keys", label: t("app.nav.apiKeys"), action: "apiKeys.manage" },
        { path: "/account/senders", label: t("app.nav.senders"), action: "account.read" },
        { path: "/account/mails", label: t("app.nav.mailHistory"), action: "events.seeAll" },
        { path: "/account/credits", label: t("app.nav.credits"), action: "account.read" },
        { path: "/account/fonts", label: t("fonts.nav"), action: "account.read" },
        { path: "/account/audit", label: t("app.nav.audit"), action: "audit.read" },
      ],
    },
    {
      title: t("app.nav.platformSection"),
      items: [{ path: "/platform", label: t("app.nav.platform"), platformOnly: true }],
    },
  ];
  const visible = (item: NavItem) =>
    item.platformOnly ? user.isPlatformAdmin : !item.action || (context?.can(item.action) ?? false);
  const isActive = (path: string) =>
    path === "/account" ? location.pathname === adminPath(path) : location.pathname.startsWith(adminPath(path));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={{ base: "md", sm: "lg" }}
    >
      {navigation.state === "loading" && <LoadingLine />}
      {/* Only back-office pages raise notifications: the public pages never fetch their code. */}
      <Notifications position="top-right" />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("app.nav.toggle")} />
            <Text component={Link} to={adminPath("/events")} fw={800} c="blue.8" size="lg" td="none">
              {t("app.productName")}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {accountId && <AccountSwitcher accountId={accountId} memberships={memberships} />}
            <LanguageMenu />
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="light" size="compact-sm">
                  {user.firstName || user.email}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                <Menu.Item onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(adminPath()) })}>
                  {t("app.signOut")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t("app.nav.label")}>
        <ScrollArea>
          <Stack gap="lg">
            {sections.map((section) => {
              const items = section.items.filter(visible);
              if (items.length === 0) return null;
              return (
                <Stack key={section.title} gap={2}>
                  <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm">
                    {section.title}
                  </Text>
                  {items.map((item) => (
                    <NavLink
                      key={item.path}
                      component={Link}
                      to={adminPath(item.path)}
                      label={item.label}
                      active={isActive(item.path)}
                      aria-current={isActive(item.path) ? "page" : undefined}
                    />
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <AlertBanner />
        {context ? (
          <AdminContext.Provider value={context}>
            <Outlet />
          </AdminContext.Provider>
        ) : user.isPlatformAdmin ? (
          <Outlet />
        ) : (
          <Center mih={300}>
            <Text>{t("app.noAccount")}</Text>
          </Center>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
