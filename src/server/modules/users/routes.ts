import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  changePasswordSchema,
  profileSchema,
  publicUserSchema,
  userAnswerSchema,
} from "../../../shared/auth";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import { publicOrigin } from "../../lib/origin";
import type { EmailWake } from "../auth";
import { changePassword, sendEmailChangeLink, toPublicUser, updateProfile } from "../auth";

export const userRoutes: FastifyPluginAsyncZod<AppDeps & EmailWake> = async (
  app,
  { db, config, emailOutbox },
) => {
  app.get(
    "/api/users/me",
    { schema: { response: { 200: publicUserSchema, ...errorResponses } } },
    async (request) => toPublicUser(requireUser(request)),
  );

  app.put(
    "/api/users/:id",
    {
      schema: {
        response: { 200: publicUserSchema, ...errorResponses },
        params: z.object({ id: z.string().max(100) }),
        body: profileSchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The id in the URL only has to name the caller; who the caller is comes from the session (decision 0003).
      if (request.params.id !== user.id) throw new HttpError(403, "notYourAccount");
      // A new address is sent a link and replaces the old one when it is opened (decision 0065).
      const changeEmail = async (current: typeof user, email: string) => {
        await sendEmailChangeLink(db, current, email, publicOrigin(request, config));
        emailOutbox?.wake();
      };
      return toPublicUser(await updateProfile(db, config, user.id, request.body, request.ip, changeEmail));
    },
  );

  app.post(
    "/api/users/me/password",
    { schema: { response: { 200: userAnswerSchema, ...errorResponses }, body: changePasswordSchema } },
    async (request) => {
      const user = requireUser(request);
      await changePassword(db, config, user.id, request.sessionToken ?? "", request.body, request.ip);
      return { user: toPublicUser(user) };
    },
  );
};
