import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { publicEventParams } from "./public.js";
import {
  memberSharedFileList,
  memberSharedFileParams,
  sharedFileCreateBody,
  sharedFileList,
  sharedFileListQuery,
  sharedFileNotifyBody,
  sharedFileParams,
  sharedFileRenameBody,
  sharedFileSchema,
} from "./shared-files.js";

const sharedFiles = "/events/:account/:event/sharedfiles";
/** What a shared file may be, read from its bytes: PDF, images, office documents (zip archives). */
const sharedFileTypes = ["application/pdf", "image/jpeg", "image/png", "image/gif", "image/webp", "application/zip"];

/**
 * SPEC §7 sharedfiles: a file the organizer shares with one guest of the event, who downloads it from the member area
 * (issue 21). The spec's paths kept as written: the upload under `/event/...` (singular), the rename as `sharefiles/{id}`.
 */
export const sharedFilesEndpoints = endpointGroup("sharedfiles", {
  list: {
    method: "GET",
    path: sharedFiles,
    summary: "List the event's shared files with their guest (filter by guest with user_id, or by state)",
    access: "organizer",
    params: eventScopeParams,
    query: sharedFileListQuery,
    answer: sharedFileList,
  },
  create: {
    method: "POST",
    path: `${sharedFiles}/create`,
    summary: "Create a shared file for one guest of the event (its file is uploaded next)",
    access: "organizer",
    params: eventScopeParams,
    body: sharedFileCreateBody,
    status: 201,
    answer: sharedFileSchema,
  },
  get: {
    method: "GET",
    path: `${sharedFiles}/:id`,
    summary: "Read a shared file",
    access: "organizer",
    params: sharedFileParams,
    answer: sharedFileSchema,
  },
  remove: {
    method: "DELETE",
    path: `${sharedFiles}/:id`,
    summary: "Delete a shared file and its uploaded bytes",
    access: "organizer",
    params: sharedFileParams,
    answer: okSchema,
  },
  upload: {
    method: "POST",
    path: "/event/:account/:event/sharedfiles/:id/upload",
    summary: "Upload (or replace) a shared file's file: 15 MB at most, PDF, image or office document",
    access: "organizer",
    params: sharedFileParams,
    body: "multipart",
    answer: sharedFileSchema,
  },
  rename: {
    method: "POST",
    path: "/events/:account/:event/sharefiles/:id",
    summary: "Rename a shared file (the name the guest downloads it under)",
    access: "organizer",
    params: sharedFileParams,
    body: sharedFileRenameBody,
    answer: sharedFileSchema,
  },
  notify: {
    method: "POST",
    path: `${sharedFiles}/:id/notify`,
    summary: "Mail the guest that the file waits in their member area (refused before its upload)",
    access: "organizer",
    params: sharedFileParams,
    body: sharedFileNotifyBody,
    answer: sharedFileSchema,
    errors: [409],
  },
  memberList: {
    method: "GET",
    path: "/public/events/:slug/member/shared-files",
    summary: "List the files shared with the signed-in guest",
    access: "member",
    params: publicEventParams,
    answer: memberSharedFileList,
  },
  memberDownload: {
    method: "GET",
    path: "/public/events/:slug/member/shared-files/:id/download",
    summary: "Download a file shared with the signed-in guest (its last download is recorded)",
    access: "member",
    params: memberSharedFileParams,
    file: sharedFileTypes,
  },
});
