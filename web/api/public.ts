import type { z } from "zod";
import type { Language } from "../../contract/common";
import type {
  AttendeeList,
  MemberLinkBody,
  MemberRegistration,
  memberSessionSchema,
  PublicEvent,
} from "../../contract/public";
import { request } from "./client";

type Ok = { ok: true };
const eventPath = (slug: string) => `/public/events/${encodeURIComponent(slug)}`;
const memberKey = (slug: string) => `ep.member.${slug}`;

/** A guest's member session, one per event, kept apart from the organizer's session so neither replaces the other. */
export const memberSessionStore = {
  get: (slug: string) => localStorage.getItem(memberKey(slug)),
  set: (slug: string, token: string) => localStorage.setItem(memberKey(slug), token),
  clear: (slug: string) => localStorage.removeItem(memberKey(slug)),
};

/**
 * Public calls never carry the organizer's session (a stale one would turn them into 401s); member calls carry the
 * guest's session of that event instead.
 */
const anonymous = { anonymous: true } as const;
const asMember = (slug: string) => ({
  anonymous: true,
  headers: { authorization: `Bearer ${memberSessionStore.get(slug) ?? ""}` },
});

/** One function per endpoint of the public side (event page, member area). */
export const publicApi = {
  event: (slug: string, language: Language) =>
    request<PublicEvent>("GET", eventPath(slug), { ...anonymous, query: { lang: language } }),
  requestMemberLink: (slug: string, body: MemberLinkBody) =>
    request<Ok>("POST", `${eventPath(slug)}/member/link`, { ...anonymous, body }),
  openMemberSession: (slug: string, token: string) =>
    request<z.infer<typeof memberSessionSchema>>("POST", `${eventPath(slug)}/member/session`, {
      ...anonymous,
      body: { token },
    }),
  registration: (slug: string) => request<MemberRegistration>("GET", `${eventPath(slug)}/member`, asMember(slug)),
  unregister: (slug: string) =>
    request<MemberRegistration>("POST", `${eventPath(slug)}/member/unregister`, { ...asMember(slug), body: {} }),
  logout: (slug: string) => request<Ok>("POST", `${eventPath(slug)}/member/logout`, { ...asMember(slug), body: {} }),
  attendees: (slug: string, query: { limit?: number; offset?: number } = {}) =>
    request<AttendeeList>("GET", `${eventPath(slug)}/attendees`, { ...asMember(slug), query }),
};
