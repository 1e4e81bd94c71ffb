// Supporting Documents: the fax choice and the extra writing number request
// (the uploads have their own route and module).
import type { SectionModule } from "./section.server";

export const documentsSection: SectionModule<"documents"> = {
  read: (a) => ({ willFax: a.willFax, extraWritingNumRequested: a.extraWritingNumRequested }),
  check: async () => {},
  signatures: () => ({}),
  async write(d, w) {
    await w.tx.appointment.update({
      where: { appointmentId: w.a.appointmentId },
      data: { willFax: !!d.willFax, extraWritingNumRequested: !!d.extraWritingNumRequested },
    });
  },
};
