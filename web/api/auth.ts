import type {
  Invitation,
  LoginBody,
  LoginResponse,
  Me,
  RegisterAdminBody,
  RegisterBody,
  ResetPasswordBody,
  Session,
} from "../../contract/auth";
import { api } from "./client";

type Ok = { ok: true };

export const authApi = {
  register: (body: RegisterBody) => api.post<Session>("/auth/register", body, { anonymous: true }),
  login: (body: LoginBody) => api.post<LoginResponse>("/auth/login", body, { anonymous: true }),
  logout: () => api.post<Ok>("/auth/logout"),
  me: () => api.get<Me>("/auth/me"),
  forgotPassword: (email: string) => api.post<Ok>("/auth/forgot-password", { email }, { anonymous: true }),
  resetPassword: (body: ResetPasswordBody) => api.post<Ok>("/auth/reset-password", body, { anonymous: true }),
  invitation: (token: string) => api.get<Invitation>("/auth/invitation", { token }),
  registerAdmin: (body: RegisterAdminBody) => api.post<Session>("/auth/register-admin", body, { anonymous: true }),
  sendToken: (challenge: string) => api.post<Ok>("/auth/send-token", { challenge }, { anonymous: true }),
  loginToken: (token: string) => api.post<Session>("/auth/login-token", { token }, { anonymous: true }),
};
