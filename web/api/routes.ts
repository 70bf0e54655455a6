import type { Endpoint, EndpointGroup } from "../../contract/endpoint";

declare const declaration: unique symbol;

/**
 * An endpoint as the web client sees it: where and how to call it, without its zod schemas
 * (web/api/endpoint-routes.plugin.ts). Its declaration rides along as a type only, so calls stay typed by it.
 */
export type Route<E extends Endpoint = Endpoint> = Pick<Endpoint, "method" | "path" | "root" | "access"> & {
  body?: "json" | "multipart" | "raw";
  /** The answer is a file, read as a Blob. */
  file?: true;
  readonly [declaration]?: E;
};

/** A group of contract/*.endpoints.ts as routes, each typed by its declaration. */
export type RouteGroup<Group extends EndpointGroup = EndpointGroup> = {
  tag: string;
  endpoints: { [Name in keyof Group["endpoints"]]: Route<Group["endpoints"][Name]> };
};
