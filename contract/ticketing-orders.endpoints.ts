import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { spreadsheetContentTypes } from "./spreadsheet.js";
import {
  awaitBody,
  billingAddressSchema,
  confirmBody,
  orderCreateBody,
  orderEditBody,
  orderExportQuery,
  orderList,
  orderListQuery,
  orderParams,
  orderPayResult,
  orderSchema,
  payBody,
  refundBody,
} from "./ticketing-orders.js";

const orders = "/events/:account/:event/orders";
const order = `${orders}/:id`;

/**
 * SPEC §7 orders of an event: GET, POST; GET/POST {id} (POST edits billing fields, and cancels with
 * `status: "cancelled"`); POST {id}/pay, {id}/confirm, {id}/await, {id}/refund; GET export; GET {id}/billingaddress.
 * An action the order's status does not allow answers 409.
 */
export const ordersEndpoints = endpointGroup("ticketing", {
  list: {
    method: "GET",
    path: orders,
    summary: "List the event's orders, filtered and searched, one page",
    access: "organizer",
    params: eventScopeParams,
    query: orderListQuery,
    answer: orderList,
  },
  create: {
    method: "POST",
    path: orders,
    summary: "Create an order on the buyer's behalf",
    access: "organizer",
    params: eventScopeParams,
    body: orderCreateBody,
    status: 201,
    answer: orderSchema,
    errors: [409],
  },
  // Static segment: outranks `:id`.
  export: {
    method: "GET",
    path: `${orders}/export`,
    summary: "Export the orders the filters select, as CSV or Excel",
    access: "organizer",
    params: eventScopeParams,
    query: orderExportQuery,
    file: Object.values(spreadsheetContentTypes),
  },
  get: {
    method: "GET",
    path: order,
    summary: "Read an order, its items, payments and documents",
    access: "organizer",
    params: orderParams,
    answer: orderSchema,
  },
  edit: {
    method: "POST",
    path: order,
    summary: 'Change an order\'s billing details, or cancel it with `status: "cancelled"`',
    access: "organizer",
    params: orderParams,
    body: orderEditBody,
    answer: orderSchema,
    errors: [409],
  },
  billingAddress: {
    method: "GET",
    path: `${order}/billingaddress`,
    summary: "Read an order's billing address",
    access: "organizer",
    params: orderParams,
    answer: billingAddressSchema,
  },
  pay: {
    method: "POST",
    path: `${order}/pay`,
    summary: "Pay an order by card: start its payment, or complete it with a payment that succeeded",
    access: "organizer",
    params: orderParams,
    body: payBody,
    answer: orderPayResult,
    errors: [409],
  },
  confirm: {
    method: "POST",
    path: `${order}/confirm`,
    summary: "Confirm an order paid by bank transfer or cheque",
    access: "organizer",
    params: orderParams,
    body: confirmBody,
    answer: orderSchema,
    errors: [409],
  },
  await: {
    method: "POST",
    path: `${order}/await`,
    summary: "Put an order in wait of its bank transfer or cheque",
    access: "organizer",
    params: orderParams,
    body: awaitBody.optional(),
    answer: orderSchema,
    errors: [409],
  },
  refund: {
    method: "POST",
    path: `${order}/refund`,
    summary: "Refund some of an order's items, or all that are left",
    access: "organizer",
    params: orderParams,
    body: refundBody.optional(),
    answer: orderSchema,
    errors: [409],
  },
});
