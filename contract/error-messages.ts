import type { Language } from "./common.js";

type Translations = Record<Language, string>;

/**
 * The message catalogue of errors and validation rules, shared by the server (API answers, with Accept-Language) and
 * the web app (the same rules checked in the browser): one text per rule, in fr, en and es.
 * English texts are the exact wording of SPEC.md §5 and §8 where the spec has one. `%s` is filled by `translate`.
 */
export const messages = {
  INTERNAL: {
    en: "An error has occurred.",
    fr: "Une erreur est survenue.",
    es: "Se ha producido un error.",
  },
  UNKNOWN: { en: "Unknown error.", fr: "Erreur inconnue.", es: "Error desconocido." },
  NOT_SAVED: {
    en: "The changes could not be saved.",
    fr: "Les modifications n'ont pas pu être enregistrées.",
    es: "No se han podido guardar los cambios.",
  },
  VALIDATION: {
    en: "Some fields are invalid.",
    fr: "Certains champs sont invalides.",
    es: "Algunos campos no son válidos.",
  },
  FIELD_REQUIRED: { en: "This field is required.", fr: "Ce champ est obligatoire.", es: "Este campo es obligatorio." },
  FIELD_INVALID: {
    en: "This value is not valid.",
    fr: "Cette valeur n'est pas valide.",
    es: "Este valor no es válido.",
  },
  URL_INVALID: {
    en: "Enter a full address starting with https://, like https://example.com.",
    fr: "Saisissez une adresse complète commençant par https://, comme https://example.com.",
    es: "Introduzca una dirección completa que empiece por https://, como https://example.com.",
  },
  TEXT_NUL_CHARACTER: {
    en: "This text holds a character that is not allowed.",
    fr: "Ce texte contient un caractère non autorisé.",
    es: "Este texto contiene un carácter no permitido.",
  },
  FIELD_TOO_LONG: {
    en: "This value is too long (at most %s characters).",
    fr: "Cette valeur est trop longue (%s caractères au plus).",
    es: "Este valor es demasiado largo (%s caracteres como máximo).",
  },
  FIELD_TOO_SHORT: {
    en: "This value is too short (at least %s characters).",
    fr: "Cette valeur est trop courte (%s caractères au moins).",
    es: "Este valor es demasiado corto (%s caracteres como mínimo).",
  },
  NUMBER_TOO_SMALL: {
    en: "This number is too small.",
    fr: "Ce nombre est trop petit.",
    es: "Este número es demasiado pequeño.",
  },
  NUMBER_TOO_BIG: {
    en: "This number is too big.",
    fr: "Ce nombre est trop grand.",
    es: "Este número es demasiado grande.",
  },
  NUMBER_INVALID: {
    en: "This number is not valid.",
    fr: "Ce nombre n'est pas valide.",
    es: "Este número no es válido.",
  },
  EMAIL_INVALID: {
    en: "Invalid email address.",
    fr: "Adresse e-mail invalide.",
    es: "Dirección de correo electrónico no válida.",
  },
  DATE_INVALID: {
    en: "Date format is incorrect.",
    fr: "Le format de la date est incorrect.",
    es: "El formato de la fecha es incorrecto.",
  },
  COMPLETE_ALL_FIELDS: {
    en: "Please complete all fields.",
    fr: "Veuillez remplir tous les champs.",
    es: "Por favor, complete todos los campos.",
  },
  INVALID_CREDENTIALS: {
    en: "Invalid email or password.",
    fr: "E-mail ou mot de passe invalide.",
    es: "Correo electrónico o contraseña no válidos.",
  },
  PASSWORDS_DO_NOT_MATCH: {
    en: "Passwords do not match.",
    fr: "Les mots de passe ne correspondent pas.",
    es: "Las contraseñas no coinciden.",
  },
  PASSWORD_TOO_WEAK: {
    en: "The password needs at least 12 characters, with a lowercase letter, an uppercase letter, a digit and a special character (one of !@#$%^&+/-*).",
    fr: "Le mot de passe doit contenir au moins 12 caractères, dont une minuscule, une majuscule, un chiffre et un caractère spécial (l'un de !@#$%^&+/-*).",
    es: "La contraseña necesita al menos 12 caracteres, con una minúscula, una mayúscula, un dígito y un carácter especial (uno de !@#$%^&+/-*).",
  },
  REGISTRATION_FAILED: {
    en: "An error occurred during registration.",
    fr: "Une erreur est survenue lors de l'inscription.",
    es: "Se ha producido un error durante el registro.",
  },
  EMAIL_TAKEN: {
    en: "An account already exists with this email address.",
    fr: "Un compte existe déjà avec cette adresse e-mail.",
    es: "Ya existe una cuenta con esta dirección de correo electrónico.",
  },
  RESET_FAILED: {
    en: "An error occurred while resetting password.",
    fr: "Une erreur est survenue lors de la réinitialisation du mot de passe.",
    es: "Se ha producido un error al restablecer la contraseña.",
  },
  LINK_INVALID: {
    en: "This link is invalid or has expired. Please ask for a new one.",
    fr: "Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.",
    es: "Este enlace no es válido o ha caducado. Solicite uno nuevo.",
  },
  RATE_LIMITED: {
    en: "Too many attempts. Please wait %s minutes and try again.",
    fr: "Trop de tentatives. Veuillez patienter %s minutes puis réessayer.",
    es: "Demasiados intentos. Espere %s minutos e inténtelo de nuevo.",
  },
  TOO_MANY_SEARCHES: {
    en: "Too many searches at once. Please wait for the ones running to finish and try again.",
    fr: "Trop de recherches en même temps. Veuillez attendre la fin de celles en cours puis réessayer.",
    es: "Demasiadas búsquedas a la vez. Espere a que terminen las que están en curso e inténtelo de nuevo.",
  },
  SEARCH_TOO_SLOW: {
    en: "This search took too long. Please narrow it (a word, a filter) and try again.",
    fr: "Cette recherche a pris trop de temps. Veuillez l'affiner (un mot, un filtre) puis réessayer.",
    es: "Esta búsqueda ha tardado demasiado. Acótela (una palabra, un filtro) e inténtelo de nuevo.",
  },
  UNAUTHENTICATED: {
    en: "Please sign in to continue.",
    fr: "Veuillez vous connecter pour continuer.",
    es: "Inicie sesión para continuar.",
  },
  FORBIDDEN: {
    en: "You are not allowed to do this.",
    fr: "Vous n'êtes pas autorisé à effectuer cette action.",
    es: "No tiene permiso para realizar esta acción.",
  },
  NOT_FOUND: { en: "Not found.", fr: "Introuvable.", es: "No encontrado." },
  ORGANIZER_NOT_FOUND: {
    en: "Organizer not found.",
    fr: "Organisateur introuvable.",
    es: "Organizador no encontrado.",
  },
  MAX_ORGANIZERS: {
    en: "You have reached the maximum number of allowed organizers.",
    fr: "Vous avez atteint le nombre maximum d'organisateurs autorisés.",
    es: "Ha alcanzado el número máximo de organizadores permitidos.",
  },
  ORGANIZER_ALREADY_MEMBER: {
    en: "This organizer is already a member of the account.",
    fr: "Cet organisateur fait déjà partie du compte.",
    es: "Este organizador ya forma parte de la cuenta.",
  },
  LAST_OVERSEER: {
    en: "The account needs at least one overseer.",
    fr: "Le compte doit garder au moins un superviseur.",
    es: "La cuenta necesita al menos un supervisor.",
  },
  /* The reason of SETTINGS_NOT_SAVED when the default domain is another account's. */
  DOMAIN_USED_ELSEWHERE: {
    en: "the domain %s is already used by another account",
    fr: "le domaine %s est déjà utilisé par un autre compte",
    es: "el dominio %s ya lo usa otra cuenta",
  },
  ACCOUNT_DOMAIN_TAKEN: {
    en: "This domain is already used by another account.",
    fr: "Ce domaine est déjà utilisé par un autre compte.",
    es: "Este dominio ya lo usa otra cuenta.",
  },
  ACCOUNT_INFO_FAILED: {
    en: "Error fetching account info.",
    fr: "Erreur lors de la récupération des informations du compte.",
    es: "Error al obtener la información de la cuenta.",
  },
  SETTINGS_NOT_SAVED: {
    en: "Settings could not be saved. Reason: %s.",
    fr: "Les paramètres n'ont pas pu être enregistrés. Raison : %s.",
    es: "No se ha podido guardar la configuración. Motivo: %s.",
  },
  EVENT_LIMIT: {
    en: "Event limit has been reached. You can't create more event.",
    fr: "La limite d'événements est atteinte. Vous ne pouvez plus créer d'événement.",
    es: "Se ha alcanzado el límite de eventos. No puede crear más eventos.",
  },
  EVENT_URL_INVALID: {
    en: "The URL must have 3 to 50 characters: lowercase letters, digits and dashes.",
    fr: "L'URL doit contenir de 3 à 50 caractères : lettres minuscules, chiffres et tirets.",
    es: "La URL debe tener de 3 a 50 caracteres: letras minúsculas, dígitos y guiones.",
  },
  EVENT_URL_TAKEN: {
    en: "This URL is already used by another event.",
    fr: "Cette URL est déjà utilisée par un autre événement.",
    es: "Esta URL ya la usa otro evento.",
  },
  /* An event's custom domain names one page on the platform: another event's, or an account's default domain. */
  EVENT_DOMAIN_TAKEN: {
    en: "The domain %s is already used elsewhere on the platform.",
    fr: "Le domaine %s est déjà utilisé ailleurs sur la plateforme.",
    es: "El dominio %s ya se usa en otro lugar de la plataforma.",
  },
  EVENT_DOMAIN_PLATFORM: {
    en: "The domain %s is the platform's own address.",
    fr: "Le domaine %s est l'adresse de la plateforme elle-même.",
    es: "El dominio %s es la dirección de la propia plataforma.",
  },
  EVENT_URL_RESERVED: {
    en: "This URL is reserved. Please choose another one.",
    fr: "Cette URL est réservée. Veuillez en choisir une autre.",
    es: "Esta URL está reservada. Elija otra.",
  },
  EVENT_URL_LOCKED: {
    en: "The URL of an event cannot be changed.",
    fr: "L'URL d'un événement ne peut pas être modifiée.",
    es: "La URL de un evento no se puede cambiar.",
  },
  EVENT_END_BEFORE_START: {
    en: "The end date must be after the start date.",
    fr: "La date de fin doit être postérieure à la date de début.",
    es: "La fecha de fin debe ser posterior a la fecha de inicio.",
  },
  EVENT_NOT_UPDATED: {
    en: "Event could not be updated.",
    fr: "L'événement n'a pas pu être mis à jour.",
    es: "No se ha podido actualizar el evento.",
  },
  EVENT_NOT_DELETED: {
    en: "Event could not be deleted. Reason: %s.",
    fr: "L'événement n'a pas pu être supprimé. Raison : %s.",
    es: "No se ha podido eliminar el evento. Motivo: %s.",
  },
  EVENT_ARCHIVED_READ_ONLY: {
    en: "This event is archived. Unarchive it to change it.",
    fr: "Cet événement est archivé. Désarchivez-le pour le modifier.",
    es: "Este evento está archivado. Desarchívelo para modificarlo.",
  },
  EVENT_ACCESS_FROM_TEAM: {
    en: "This organizer has access through the team %s. Remove the team from the event or the organizer from the team.",
    fr: "Cet organisateur a accès via l'équipe %s. Retirez l'équipe de l'événement ou l'organisateur de l'équipe.",
    es: "Este organizador tiene acceso a través del equipo %s. Quite el equipo del evento o el organizador del equipo.",
  },
  /* The reason of EVENT_NOT_DELETED for an event with sales: %s is a list of the counts below. */
  EVENT_HOLDS_FINANCIAL_RECORDS: {
    en: "it holds %s, kept as financial records; archive the event instead",
    fr: "il contient %s, conservés comme pièces comptables ; archivez plutôt l'événement",
    es: "contiene %s, que se conservan como registros contables; archive el evento en su lugar",
  },
  HELD_ORDERS_ONE: { en: "%s order", fr: "%s commande", es: "%s pedido" },
  HELD_ORDERS_OTHER: { en: "%s orders", fr: "%s commandes", es: "%s pedidos" },
  HELD_PAYMENTS_ONE: { en: "%s payment", fr: "%s paiement", es: "%s pago" },
  HELD_PAYMENTS_OTHER: { en: "%s payments", fr: "%s paiements", es: "%s pagos" },
  HELD_INVOICES_ONE: { en: "%s invoice", fr: "%s facture", es: "%s factura" },
  HELD_INVOICES_OTHER: { en: "%s invoices", fr: "%s factures", es: "%s facturas" },
  HELD_CREDIT_NOTES_ONE: { en: "%s credit note", fr: "%s avoir", es: "%s factura rectificativa" },
  HELD_CREDIT_NOTES_OTHER: { en: "%s credit notes", fr: "%s avoirs", es: "%s facturas rectificativas" },
  TEAM_NAME_TAKEN: {
    en: "A team with this name already exists.",
    fr: "Une équipe porte déjà ce nom.",
    es: "Ya existe un equipo con este nombre.",
  },
  TEAM_NOT_DELETED: {
    en: "The team could not be deleted.",
    fr: "L'équipe n'a pas pu être supprimée.",
    es: "No se ha podido eliminar el equipo.",
  },
  ORGANIZER_NOT_DELETED: {
    en: "The organizer could not be deleted.",
    fr: "L'organisateur n'a pas pu être supprimé.",
    es: "No se ha podido eliminar el organizador.",
  },
  ORGANIZER_ALREADY_REGISTERED: {
    en: "This organizer has already completed registration: no invitation is needed.",
    fr: "Cet organisateur a déjà finalisé son inscription : aucune invitation n'est nécessaire.",
    es: "Este organizador ya ha completado su registro: no necesita invitación.",
  },
  ORGANIZER_SELF_DELETE: {
    en: "You cannot delete your own user.",
    fr: "Vous ne pouvez pas supprimer votre propre utilisateur.",
    es: "No puede eliminar su propio usuario.",
  },
  CAMPAIGN_ALREADY_SENT: {
    en: "Campaign has already been sent or scheduled.",
    fr: "La campagne a déjà été envoyée ou programmée.",
    es: "La campaña ya ha sido enviada o programada.",
  },
  CAMPAIGN_NOT_ENOUGH_CREDITS: {
    en: "You do not have enough credits to send your campaign.",
    fr: "Vous n'avez pas assez de crédits pour envoyer votre campagne.",
    es: "No tiene suficientes créditos para enviar su campaña.",
  },
  CAMPAIGN_MISSING_CREDITS: {
    en: "You are missing %s credits.",
    fr: "Il vous manque %s crédits.",
    es: "Le faltan %s créditos.",
  },
  CAMPAIGN_RENDER_FAILED: {
    en: "Impossible to render email.",
    fr: "Impossible de générer l'e-mail.",
    es: "Imposible generar el correo electrónico.",
  },
  CAMPAIGN_SUBJECT_TOO_LONG: {
    en: "The subject holds at most 80 characters.",
    fr: "L'objet contient 80 caractères au plus.",
    es: "El asunto tiene como máximo 80 caracteres.",
  },
  CAMPAIGN_TARGET_URL_REQUIRED: {
    en: "Every button and image needs a target URL.",
    fr: "Chaque bouton et chaque image doit avoir une URL cible.",
    es: "Cada botón e imagen necesita una URL de destino.",
  },
  CAMPAIGN_FOOTER_REQUIRED: {
    en: "A footer is required.",
    fr: "Un pied de page est obligatoire.",
    es: "Se requiere un pie de página.",
  },
  CAMPAIGN_NO_RECIPIENTS: {
    en: "Select at least one guest who can receive this campaign.",
    fr: "Sélectionnez au moins un invité pouvant recevoir cette campagne.",
    es: "Seleccione al menos un invitado que pueda recibir esta campaña.",
  },
  CAMPAIGN_NOT_SCHEDULED: {
    en: "Only a scheduled campaign can be cancelled.",
    fr: "Seule une campagne programmée peut être annulée.",
    es: "Solo se puede cancelar una campaña programada.",
  },
  CAMPAIGN_SENDING_DATE_PAST: {
    en: "The sending date must be in the future.",
    fr: "La date d'envoi doit être dans le futur.",
    es: "La fecha de envío debe estar en el futuro.",
  },
  CAMPAIGN_NOT_DELETED: {
    en: "The campaign could not be deleted: it has been sent or is sending.",
    fr: "La campagne n'a pas pu être supprimée : elle a été envoyée ou est en cours d'envoi.",
    es: "No se ha podido eliminar la campaña: ha sido enviada o se está enviando.",
  },
  SENDER_EXISTS: {
    en: "This sender email already exists.",
    fr: "Cette adresse d'expéditeur existe déjà.",
    es: "Esta dirección de remitente ya existe.",
  },
  SENDER_NOT_VERIFIED: {
    en: "This sender address has not been verified yet: follow the link mailed to it.",
    fr: "Cette adresse d'expéditeur n'a pas encore été vérifiée : suivez le lien qui lui a été envoyé.",
    es: "Esta dirección de remitente aún no se ha verificado: siga el enlace que se le ha enviado.",
  },
  EMAIL_REJECTED: {
    en: "An email sent to this address has been rejected.",
    fr: "Un e-mail envoyé à cette adresse a été rejeté.",
    es: "Un correo enviado a esta dirección ha sido rechazado.",
  },
  BANNER_NOT_DOWNLOADED: {
    en: "The banner could not be downloaded.",
    fr: "La bannière n'a pas pu être téléchargée.",
    es: "No se ha podido descargar el banner.",
  },
  FAVICON_NOT_DOWNLOADED: {
    en: "The favicon could not be downloaded.",
    fr: "Le favicon n'a pas pu être téléchargé.",
    es: "No se ha podido descargar el favicon.",
  },
  LOGO_NOT_DOWNLOADED: {
    en: "The logo could not be downloaded.",
    fr: "Le logo n'a pas pu être téléchargé.",
    es: "No se ha podido descargar el logotipo.",
  },
  PARTNERS_IMAGE_NOT_DOWNLOADED: {
    en: "The partners image could not be downloaded.",
    fr: "L'image des partenaires n'a pas pu être téléchargée.",
    es: "No se ha podido descargar la imagen de los socios.",
  },
  IMAGE_TYPE_UNSUPPORTED: {
    en: "Unsupported image type.",
    fr: "Type d'image non pris en charge.",
    es: "Tipo de imagen no compatible.",
  },
  FONT_INVALID: {
    en: "Font is not valid.",
    fr: "La police n'est pas valide.",
    es: "La fuente no es válida.",
  },
  FONT_NOT_DELETED: {
    en: "The font could not be deleted: an e-badge uses it.",
    fr: "La police n'a pas pu être supprimée : un badge l'utilise.",
    es: "No se ha podido eliminar la fuente: una acreditación la utiliza.",
  },
  SPEAKER_NOT_DELETED: {
    en: "The speaker could not be deleted.",
    fr: "L'intervenant n'a pas pu être supprimé.",
    es: "No se ha podido eliminar el ponente.",
  },
  SPEAKERS_NOT_REORDERED: {
    en: "The speakers could not be reordered: the list has changed, reload it.",
    fr: "Les intervenants n'ont pas pu être réordonnés : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar los ponentes: la lista ha cambiado, vuelva a cargarla.",
  },
  PARTNER_NOT_DELETED: {
    en: "The partner could not be deleted.",
    fr: "Le partenaire n'a pas pu être supprimé.",
    es: "No se ha podido eliminar el socio.",
  },
  PARTNERS_NOT_REORDERED: {
    en: "The partners could not be reordered: the list has changed, reload it.",
    fr: "Les partenaires n'ont pas pu être réordonnés : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar los socios: la lista ha cambiado, vuelva a cargarla.",
  },
  DOCUMENT_NOT_DELETED: {
    en: "The document could not be deleted.",
    fr: "Le document n'a pas pu être supprimé.",
    es: "No se ha podido eliminar el documento.",
  },
  DOCUMENTS_NOT_REORDERED: {
    en: "The documents could not be reordered: the list has changed, reload it.",
    fr: "Les documents n'ont pas pu être réordonnés : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar los documentos: la lista ha cambiado, vuelva a cargarla.",
  },
  PHOTO_NOT_DELETED: {
    en: "The photo could not be deleted.",
    fr: "La photo n'a pas pu être supprimée.",
    es: "No se ha podido eliminar la foto.",
  },
  PHOTOS_NOT_REORDERED: {
    en: "The photos could not be reordered: the list has changed, reload it.",
    fr: "Les photos n'ont pas pu être réordonnées : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar las fotos: la lista ha cambiado, vuelva a cargarla.",
  },
  POSITION_OUT_OF_RANGE: {
    en: "This position is outside the list: it goes from 0 to %s.",
    fr: "Cette position est hors de la liste : elle va de 0 à %s.",
    es: "Esta posición está fuera de la lista: va de 0 a %s.",
  },
  PROGRAM_NOT_DELETED: {
    en: "The program section could not be deleted.",
    fr: "La section du programme n'a pas pu être supprimée.",
    es: "No se ha podido eliminar la sección del programa.",
  },
  PROGRAMS_NOT_REORDERED: {
    en: "The program sections could not be reordered: the list has changed, reload it.",
    fr: "Les sections du programme n'ont pas pu être réordonnées : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar las secciones del programa: la lista ha cambiado, vuelva a cargarla.",
  },
  PROGRAM_ENDS_BEFORE_START: {
    en: "The end time must be after the start time.",
    fr: "L'heure de fin doit être postérieure à l'heure de début.",
    es: "La hora de fin debe ser posterior a la hora de inicio.",
  },
  LANGUAGE_NOT_OF_EVENT: {
    en: "This language is not one of the event's languages.",
    fr: "Cette langue ne fait pas partie des langues de l'événement.",
    es: "Este idioma no es uno de los idiomas del evento.",
  },
  CHECKIN_MAX_REACHED: {
    en: "Impossible to create checkin. Max number of checkins reached.",
    fr: "Impossible de créer le contrôle d'accès. Nombre maximum de contrôles d'accès atteint.",
    es: "Imposible crear el control de acceso. Se ha alcanzado el número máximo de controles de acceso.",
  },
  CHECKIN_CODE_INVALID: {
    en: "This access code is not valid. Check it with the organizer.",
    fr: "Ce code d'accès n'est pas valide. Vérifiez-le auprès de l'organisateur.",
    es: "Este código de acceso no es válido. Compruébelo con el organizador.",
  },
  CHECKIN_DEVICE_SIGNED_OUT: {
    en: "This device is no longer connected to the session. Join it again with a new code.",
    fr: "Cet appareil n'est plus connecté à la session. Rejoignez-la avec un nouveau code.",
    es: "Este dispositivo ya no está conectado a la sesión. Vuelva a unirse con un código nuevo.",
  },
  CHECKIN_NOT_OFFLINE: {
    en: "This session is not an offline session.",
    fr: "Cette session n'est pas une session hors ligne.",
    es: "Esta sesión no es una sesión sin conexión.",
  },
  EBADGE_REQUIRED_FOR_CONDITIONS: {
    en: "Create at least one e-badge before setting conditions.",
    fr: "Créez au moins un badge avant de définir des conditions.",
    es: "Cree al menos una acreditación antes de definir condiciones.",
  },
  EBADGE_NONE_FOR_GUEST: {
    en: "No e-badge is for this guest.",
    fr: "Aucun badge ne correspond à cet invité.",
    es: "Ninguna acreditación corresponde a este invitado.",
  },
  EBADGE_MODULE_OFF: {
    en: "The e-badge module is off for this event.",
    fr: "Le module badges est désactivé pour cet événement.",
    es: "El módulo de acreditaciones está desactivado para este evento.",
  },
  MISC_MODULE_OFF: {
    en: "The miscellaneous tools module (documents, photos, custom pages) is off for this event.",
    fr: "Le module outils divers (documents, photos, pages personnalisées) est désactivé pour cet événement.",
    es: "El módulo de herramientas diversas (documentos, fotos, páginas personalizadas) está desactivado para este evento.",
  },
  SHARED_FILE_NOT_UPLOADED: {
    en: "This shared file has no file yet: upload it before notifying the guest.",
    fr: "Ce fichier partagé n'a pas encore de fichier : téléversez-le avant de prévenir l'invité.",
    es: "Este archivo compartido aún no tiene archivo: súbalo antes de avisar al invitado.",
  },
  SHARED_FILE_GUEST_INVALID: {
    en: "This guest is not one of the event's guests.",
    fr: "Cet invité ne fait pas partie des invités de l'événement.",
    es: "Este invitado no es uno de los invitados del evento.",
  },
  SHARED_FILE_GUEST_NO_EMAIL: {
    en: "This guest has no email address: they cannot be notified.",
    fr: "Cet invité n'a pas d'adresse e-mail : il ne peut pas être prévenu.",
    es: "Este invitado no tiene dirección de correo: no se le puede avisar.",
  },
  CUSTOM_PAGE_URL_INVALID: {
    en: "The page's URL must have 1 to 80 characters: lowercase letters, digits and dashes between them.",
    fr: "L'URL de la page doit contenir de 1 à 80 caractères : lettres minuscules, chiffres et tirets entre eux.",
    es: "La URL de la página debe tener de 1 a 80 caracteres: letras minúsculas, dígitos y guiones entre ellos.",
  },
  CUSTOM_PAGE_URL_RESERVED: {
    en: "This URL is one of the event's own pages. Please choose another one.",
    fr: "Cette URL est celle d'une page de l'événement. Veuillez en choisir une autre.",
    es: "Esta URL es la de una página del evento. Elija otra.",
  },
  CUSTOM_PAGE_URL_TAKEN: {
    en: "Another page of the event already has this URL in this language.",
    fr: "Une autre page de l'événement a déjà cette URL dans cette langue.",
    es: "Otra página del evento ya tiene esta URL en este idioma.",
  },
  CUSTOM_PAGE_LANGUAGE_OFF: {
    en: "This language is not one of the event's languages.",
    fr: "Cette langue ne fait pas partie des langues de l'événement.",
    es: "Este idioma no es uno de los idiomas del evento.",
  },
  CUSTOM_PAGES_NOT_REORDERED: {
    en: "The pages could not be reordered: the list has changed, reload it.",
    fr: "Les pages n'ont pas pu être réordonnées : la liste a changé, rechargez-la.",
    es: "No se han podido reordenar las páginas: la lista ha cambiado, vuelva a cargarla.",
  },
  EBADGE_BATCH_NOT_READY: {
    en: "The badges are not ready yet.",
    fr: "Les badges ne sont pas encore prêts.",
    es: "Las acreditaciones aún no están listas.",
  },
  CREDIT_NUMBER_INVALID: {
    en: "The number of credits must be a positive whole number.",
    fr: "Le nombre de crédits doit être un nombre entier positif.",
    es: "El número de créditos debe ser un número entero positivo.",
  },
  CREDIT_EXPIRY_PAST: {
    en: "The expiry date cannot be in the past.",
    fr: "La date d'expiration ne peut pas être dans le passé.",
    es: "La fecha de caducidad no puede estar en el pasado.",
  },
  CREDIT_DEBIT_TOO_LARGE: {
    en: "The account holds only %s spendable credits.",
    fr: "Le compte ne dispose que de %s crédits utilisables.",
    es: "La cuenta solo dispone de %s créditos utilizables.",
  },
  MAIL_FORMAT: {
    en: "Mail format is incorrect.",
    fr: "Le format de l'e-mail est incorrect.",
    es: "El formato del correo electrónico es incorrecto.",
  },
  GUESTS_NOT_DELETED: {
    en: "Guests could not be deleted. They may have a ticket.",
    fr: "Les invités n'ont pas pu être supprimés. Ils ont peut-être un billet.",
    es: "No se han podido eliminar los invitados. Puede que tengan una entrada.",
  },
  GUESTS_NOT_UPDATED: {
    en: "Guests could not be updated.",
    fr: "Les invités n'ont pas pu être mis à jour.",
    es: "No se han podido actualizar los invitados.",
  },
  EXPORT_FAILED: {
    en: "Export failed.",
    fr: "L'export a échoué.",
    es: "La exportación ha fallado.",
  },
  DOCUMENTS_NOT_GENERATED: {
    en: "Qr-codes, Ebadges and Invoices could not be generated.",
    fr: "Les QR codes, badges et factures n'ont pas pu être générés.",
    es: "No se han podido generar los códigos QR, las acreditaciones y las facturas.",
  },
  DUPLICATE_SAME_GUEST: {
    en: "A guest cannot be merged with itself.",
    fr: "Un invité ne peut pas être fusionné avec lui-même.",
    es: "Un invitado no puede fusionarse consigo mismo.",
  },
  RECOMMENDATION_ALREADY_DECIDED: {
    en: "This recommendation has already been accepted or refused.",
    fr: "Cette recommandation a déjà été acceptée ou refusée.",
    es: "Esta recomendación ya ha sido aceptada o rechazada.",
  },
  GUEST_NOT_DELETED: {
    en: "Guest could not be deleted. Reason: %s.",
    fr: "L'invité n'a pas pu être supprimé. Raison : %s.",
    es: "No se ha podido eliminar el invitado. Motivo: %s.",
  },
  GUEST_HOLDS_TICKET: {
    en: "this guest holds a ticket",
    fr: "cet invité détient un billet",
    es: "este invitado tiene una entrada",
  },
  GUEST_EMAIL_OR_LAST_NAME_REQUIRED: {
    en: "An email address or a last name is required.",
    fr: "Une adresse e-mail ou un nom est obligatoire.",
    es: "Se requiere una dirección de correo electrónico o un apellido.",
  },
  GUEST_EMAIL_TAKEN: {
    en: "A guest of this event already has this email address.",
    fr: "Un invité de cet événement a déjà cette adresse e-mail.",
    es: "Un invitado de este evento ya tiene esta dirección de correo electrónico.",
  },
  COMPANION_NOT_ADDED: {
    en: "The companion could not be added.",
    fr: "L'accompagnant n'a pas pu être ajouté.",
    es: "No se ha podido añadir el acompañante.",
  },
  COMPANION_HOLDS_TICKET: {
    en: "A companion left out of the form holds a ticket: they cannot be removed. Keep them, or ask the organizer.",
    fr: "Un accompagnant retiré du formulaire détient un billet : il ne peut pas être supprimé. Gardez-le, ou demandez à l'organisateur.",
    es: "Un acompañante quitado del formulario tiene una entrada: no se puede eliminar. Manténgalo o consulte al organizador.",
  },
  GUEST_HOST_INVALID: {
    en: "The host must be another guest of this event.",
    fr: "L'hôte doit être un autre invité de cet événement.",
    es: "El anfitrión debe ser otro invitado de este evento.",
  },
  GUEST_GODFATHER_INVALID: {
    en: "The godfather must be another guest of this event.",
    fr: "Le parrain doit être un autre invité de cet événement.",
    es: "El padrino debe ser otro invitado de este evento.",
  },
  CUSTOM_FIELD_EXISTS: {
    en: "This custom field already exists, please rename/remove it.",
    fr: "Ce champ personnalisé existe déjà, veuillez le renommer ou le supprimer.",
    es: "Este campo personalizado ya existe, cámbiele el nombre o elimínelo.",
  },
  CUSTOM_FIELD_UNKNOWN: {
    en: "This custom field does not exist.",
    fr: "Ce champ personnalisé n'existe pas.",
    es: "Este campo personalizado no existe.",
  },
  CUSTOM_FIELD_CHOICES_REQUIRED: {
    en: "Add at least one choice.",
    fr: "Ajoutez au moins un choix.",
    es: "Añada al menos una opción.",
  },
  CUSTOM_FIELD_RANGE_INVALID: {
    en: "The minimum cannot be greater than the maximum.",
    fr: "Le minimum ne peut pas être supérieur au maximum.",
    es: "El mínimo no puede ser mayor que el máximo.",
  },
  CUSTOM_FIELD_VALUES_CONFLICT: {
    en: "%s guests have a value this field would refuse once changed: change or clear their values first.",
    fr: "%s invités ont une valeur que ce champ refuserait une fois modifié : modifiez ou videz d'abord leurs valeurs.",
    es: "%s invitados tienen un valor que este campo rechazaría una vez modificado: cambie o borre antes sus valores.",
  },
  CUSTOM_FIELDS_NOT_REORDERED: {
    en: "The fields could not be reordered.",
    fr: "Les champs n'ont pas pu être réordonnés.",
    es: "No se han podido reordenar los campos.",
  },
  CHOICE_UNKNOWN: {
    en: "This choice is not one of the field's choices.",
    fr: "Ce choix ne fait pas partie des choix du champ.",
    es: "Esta opción no forma parte de las opciones del campo.",
  },
  TIME_INVALID: {
    en: "Time format is incorrect.",
    fr: "Le format de l'heure est incorrect.",
    es: "El formato de la hora es incorrecto.",
  },
  PHONE_INVALID: {
    en: "Phone format is incorrect (04XXXXXXXX or +33XXXXXXXXX).",
    fr: "Le format du téléphone est incorrect (04XXXXXXXX ou +33XXXXXXXXX).",
    es: "El formato del teléfono es incorrecto (04XXXXXXXX o +33XXXXXXXXX).",
  },
  ID_NUMBER_INVALID: {
    en: "This number must have exactly 9 letters or digits.",
    fr: "Ce numéro doit comporter exactement 9 lettres ou chiffres.",
    es: "Este número debe tener exactamente 9 letras o cifras.",
  },
  FILE_TOO_BIG: {
    en: "The file uploaded is too big.",
    fr: "Le fichier envoyé est trop volumineux.",
    es: "El archivo enviado es demasiado grande.",
  },
  TYPE_NOT_ACCEPTED: {
    en: "The type uploaded is not accepted.",
    fr: "Le type de fichier envoyé n'est pas accepté.",
    es: "El tipo de archivo enviado no se acepta.",
  },
  IMPORT_FILE_EMPTY: {
    en: "The file has no rows to import.",
    fr: "Le fichier ne contient aucune ligne à importer.",
    es: "El archivo no contiene ninguna fila para importar.",
  },
  IMPORT_FILE_UNREADABLE: {
    en: "The file could not be read.",
    fr: "Le fichier n'a pas pu être lu.",
    es: "No se ha podido leer el archivo.",
  },
  IMPORT_TARGET_UNKNOWN: {
    en: "This column cannot be imported into this field.",
    fr: "Cette colonne ne peut pas être importée dans ce champ.",
    es: "Esta columna no se puede importar en este campo.",
  },
  IMPORT_TARGET_TWICE: {
    en: "Two columns are matched to the same field.",
    fr: "Deux colonnes sont associées au même champ.",
    es: "Dos columnas están asociadas al mismo campo.",
  },
  IMPORT_ALREADY_STARTED: {
    en: "This import has already been started.",
    fr: "Cette importation a déjà été lancée.",
    es: "Esta importación ya se ha iniciado.",
  },
  IMPORT_EMAIL_TWICE: {
    en: "This email address appears on an earlier row of the file.",
    fr: "Cette adresse e-mail figure sur une ligne précédente du fichier.",
    es: "Esta dirección de correo electrónico aparece en una fila anterior del archivo.",
  },
  IMPORT_REPORT_LINE: { en: "Line", fr: "Ligne", es: "Línea" },
  IMPORT_REPORT_REASON: { en: "Reason", fr: "Raison", es: "Motivo" },
  REGISTRATION_ALREADY_CANCELLED: {
    en: "Your registration is already cancelled.",
    fr: "Votre inscription est déjà annulée.",
    es: "Su inscripción ya está cancelada.",
  },
  MEMBER_SESSION_INVALID: {
    en: "Your session has expired. Please ask for a new sign-in link.",
    fr: "Votre session a expiré. Veuillez demander un nouveau lien de connexion.",
    es: "Su sesión ha caducado. Solicite un nuevo enlace de inicio de sesión.",
  },
  FORM_TITLE_REQUIRED: {
    en: "The form needs a title.",
    fr: "Le formulaire doit avoir un titre.",
    es: "El formulario necesita un título.",
  },
  FORM_ITEMS_REQUIRED: {
    en: "The form needs at least one item.",
    fr: "Le formulaire doit contenir au moins un élément.",
    es: "El formulario necesita al menos un elemento.",
  },
  QUESTION_TITLE_REQUIRED: {
    en: "The question needs a title.",
    fr: "La question doit avoir un titre.",
    es: "La pregunta necesita un título.",
  },
  QUESTION_ANSWERS_REQUIRED: {
    en: "The question needs at least one answer.",
    fr: "La question doit avoir au moins une réponse.",
    es: "La pregunta necesita al menos una respuesta.",
  },
  OPTION_TITLE_REQUIRED: {
    en: "The option needs a title.",
    fr: "L'option doit avoir un titre.",
    es: "La opción necesita un título.",
  },
  QUESTION_REQUIRED_READ_ONLY: {
    en: "A question cannot be both required and read-only.",
    fr: "Une question ne peut pas être à la fois obligatoire et en lecture seule.",
    es: "Una pregunta no puede ser obligatoria y de solo lectura a la vez.",
  },
  QUESTION_NAME_TAKEN: {
    en: "Another question of this form already has this name.",
    fr: "Une autre question de ce formulaire porte déjà ce nom.",
    es: "Otra pregunta de este formulario ya tiene este nombre.",
  },
  QUOTA_INVALID: {
    en: "The quota must be a number greater than 0.",
    fr: "Le quota doit être un nombre supérieur à 0.",
    es: "El cupo debe ser un número mayor que 0.",
  },
  QUOTA_FILLED: {
    en: "Quota is filled for this option.",
    fr: "Le quota est atteint pour cette option.",
    es: "El cupo de esta opción está completo.",
  },
  SELECTION_RANGE_INVALID: {
    en: "The numbers of answers to select are not consistent.",
    fr: "Les nombres de réponses à sélectionner sont incohérents.",
    es: "Los números de respuestas que seleccionar no son coherentes.",
  },
  TOO_MANY_ANSWERS: {
    en: "Too many answers: select at most %s.",
    fr: "Trop de réponses : sélectionnez-en %s au plus.",
    es: "Demasiadas respuestas: seleccione %s como máximo.",
  },
  TOO_FEW_ANSWERS: {
    en: "Too few answers: select at least %s.",
    fr: "Pas assez de réponses : sélectionnez-en %s au moins.",
    es: "Muy pocas respuestas: seleccione %s como mínimo.",
  },
  WRONG_NUMBER_OF_ANSWERS: {
    en: "Wrong number of answers: select exactly %s.",
    fr: "Mauvais nombre de réponses : sélectionnez-en exactement %s.",
    es: "Número de respuestas incorrecto: seleccione exactamente %s.",
  },
  RATING_INVALID: {
    en: "Choose a rating from 1 to %s.",
    fr: "Choisissez une note de 1 à %s.",
    es: "Elija una puntuación de 1 a %s.",
  },
  CONDITIONAL_EMPTY: {
    en: "A conditional block cannot be empty.",
    fr: "Un bloc conditionnel ne peut pas être vide.",
    es: "Un bloque condicional no puede estar vacío.",
  },
  CONDITIONAL_CONDITION_REQUIRED: {
    en: "A conditional block needs a question and an answer.",
    fr: "Un bloc conditionnel doit avoir une question et une réponse.",
    es: "Un bloque condicional necesita una pregunta y una respuesta.",
  },
  QUESTION_USED_BY_CONDITION: {
    en: "This question is used by a conditional block and cannot be removed.",
    fr: "Cette question est utilisée par un bloc conditionnel et ne peut pas être supprimée.",
    es: "Esta pregunta la usa un bloque condicional y no se puede eliminar.",
  },
  GROUP_NESTED: {
    en: "A group cannot go inside another group.",
    fr: "Un groupe ne peut pas être placé dans un autre groupe.",
    es: "Un grupo no puede ir dentro de otro grupo.",
  },
  QUESTION_IN_OWN_CONDITION: {
    en: "A question cannot move into a group linked to it.",
    fr: "Une question ne peut pas être déplacée dans un groupe qui lui est lié.",
    es: "Una pregunta no puede moverse a un grupo vinculado a ella.",
  },
  ANSWER_ALREADY_CHOSEN: {
    en: "An answer already chosen by guests cannot be edited.",
    fr: "Une réponse déjà choisie par des invités ne peut pas être modifiée.",
    es: "Una respuesta ya elegida por invitados no se puede modificar.",
  },
  FORM_ALREADY_ONLINE: {
    en: "Another form of this type is already online.",
    fr: "Un autre formulaire de ce type est déjà en ligne.",
    es: "Ya hay otro formulario de este tipo en línea.",
  },
  FORM_CLOSES_BEFORE_OPENS: {
    en: "The closing date must be after the opening date.",
    fr: "La date de fermeture doit être postérieure à la date d'ouverture.",
    es: "La fecha de cierre debe ser posterior a la fecha de apertura.",
  },
  FORM_CLOSED: {
    en: "Registration is closed.",
    fr: "Les inscriptions sont fermées.",
    es: "La inscripción está cerrada.",
  },
  FORM_NOT_OPEN: {
    en: "This form is not open yet.",
    fr: "Ce formulaire n'est pas encore ouvert.",
    es: "Este formulario aún no está abierto.",
  },
  EVENT_FULL: {
    en: "This event is full.",
    fr: "Cet événement est complet.",
    es: "Este evento está completo.",
  },
  TERMS_REQUIRED: {
    en: "Please accept the terms.",
    fr: "Veuillez accepter les conditions générales.",
    es: "Acepte los términos y condiciones.",
  },
  PRIVACY_REQUIRED: {
    en: "Please accept the privacy policy.",
    fr: "Veuillez accepter la politique de confidentialité.",
    es: "Acepte la política de privacidad.",
  },
  ALREADY_REGISTERED: {
    en: "You are already registered. Sign in to your member area to change your registration.",
    fr: "Vous êtes déjà inscrit. Connectez-vous à votre espace membre pour modifier votre inscription.",
    es: "Ya está inscrito. Inicie sesión en su área de miembro para modificar su inscripción.",
  },
  CAPTCHA_REQUIRED: {
    en: "Several wrong passwords were tried for this address: please confirm you are not a robot.",
    fr: "Plusieurs mots de passe erronés ont été essayés pour cette adresse : veuillez confirmer que vous n'êtes pas un robot.",
    es: "Se han probado varias contraseñas erróneas para esta dirección: confirme que no es un robot.",
  },
  CAPTCHA_INVALID: {
    en: "The human check failed or has expired. Please try again.",
    fr: "La vérification anti-robot a échoué ou a expiré. Veuillez réessayer.",
    es: "La verificación antirrobot ha fallado o ha caducado. Inténtelo de nuevo.",
  },
  // Ticketing catalogue: tickets, price periods, categories, coupons, automatic discounts.
  TICKET_CAPTION_REQUIRED: {
    en: "The caption is required in the event's default language.",
    fr: "Le libellé est obligatoire dans la langue par défaut de l'événement.",
    es: "El título es obligatorio en el idioma predeterminado del evento.",
  },
  TICKET_PRICE_REQUIRED: {
    en: "The ticket needs at least one price period.",
    fr: "Le billet doit avoir au moins une période de prix.",
    es: "La entrada necesita al menos un periodo de precio.",
  },
  TICKET_PERIOD_ENDS_BEFORE_START: {
    en: "The end date must be after the start date.",
    fr: "La date de fin doit être postérieure à la date de début.",
    es: "La fecha de fin debe ser posterior a la fecha de inicio.",
  },
  TICKET_PERIODS_OVERLAP: {
    en: "This price period overlaps another period of the ticket.",
    fr: "Cette période de prix chevauche une autre période du billet.",
    es: "Este periodo de precio se solapa con otro periodo de la entrada.",
  },
  TICKET_QUOTA_BELOW_TAKEN: {
    en: "The quota cannot be lower than the %s units already sold or reserved.",
    fr: "Le quota ne peut pas être inférieur aux %s unités déjà vendues ou réservées.",
    es: "El cupo no puede ser inferior a las %s unidades ya vendidas o reservadas.",
  },
  TICKET_SOLD_DEACTIVATED: {
    en: "This ticket has already been sold, so it cannot be deleted: it has been deactivated instead.",
    fr: "Ce billet a déjà été vendu et ne peut donc pas être supprimé : il a été désactivé à la place.",
    es: "Esta entrada ya se ha vendido, por lo que no se puede eliminar: se ha desactivado en su lugar.",
  },
  TICKET_SOLD_KIND_LOCKED: {
    en: "This ticket has already been sold: it cannot become an option or stop being one.",
    fr: "Ce billet a déjà été vendu : il ne peut pas devenir une option ni cesser d'en être une.",
    es: "Esta entrada ya se ha vendido: no puede convertirse en opción ni dejar de serlo.",
  },
  TICKET_OPTION_TARGET_INVALID: {
    en: "An option attaches to other tickets of this event that are not options themselves.",
    fr: "Une option se rattache à d'autres billets de cet événement qui ne sont pas eux-mêmes des options.",
    es: "Una opción se vincula a otras entradas de este evento que no sean opciones.",
  },
  TICKET_OPTION_HAS_OPTIONS: {
    en: "Options are attached to this ticket: it cannot become an option.",
    fr: "Des options sont rattachées à ce billet : il ne peut pas devenir une option.",
    es: "Hay opciones vinculadas a esta entrada: no puede convertirse en opción.",
  },
  TICKET_CHOICE_REQUIRED: {
    en: "Choose at least one ticket.",
    fr: "Choisissez au moins un billet.",
    es: "Elija al menos una entrada.",
  },
  TICKET_NOT_IN_EVENT: {
    en: "This ticket is not a ticket of this event.",
    fr: "Ce billet n'est pas un billet de cet événement.",
    es: "Esta entrada no es una entrada de este evento.",
  },
  TICKET_POSITIONS_INVALID: {
    en: "The tickets could not be reordered.",
    fr: "Les billets n'ont pas pu être réordonnés.",
    es: "No se han podido reordenar las entradas.",
  },
  CATEGORY_NOT_IN_EVENT: {
    en: "This category is not a category of this event.",
    fr: "Cette catégorie n'est pas une catégorie de cet événement.",
    es: "Esta categoría no es una categoría de este evento.",
  },
  CATEGORY_SUBCATEGORY_INVALID: {
    en: "The subcategory must be a subcategory of the chosen category.",
    fr: "La sous-catégorie doit être une sous-catégorie de la catégorie choisie.",
    es: "La subcategoría debe ser una subcategoría de la categoría elegida.",
  },
  CATEGORY_PARENT_CYCLE: {
    en: "A category cannot be placed inside itself or one of its subcategories.",
    fr: "Une catégorie ne peut pas être placée dans elle-même ni dans l'une de ses sous-catégories.",
    es: "Una categoría no puede colocarse dentro de sí misma ni de una de sus subcategorías.",
  },
  CATEGORY_POSITIONS_INVALID: {
    en: "The categories could not be reordered.",
    fr: "Les catégories n'ont pas pu être réordonnées.",
    es: "No se han podido reordenar las categorías.",
  },
  CATEGORY_COLOR_INVALID: {
    en: "The color must be written like #1a2b3c.",
    fr: "La couleur doit s'écrire comme #1a2b3c.",
    es: "El color debe escribirse como #1a2b3c.",
  },
  COUPON_CODE_INVALID: {
    en: "The coupon code must have 1 to 15 characters, without spaces.",
    fr: "Le code promo doit comporter de 1 à 15 caractères, sans espace.",
    es: "El código del cupón debe tener de 1 a 15 caracteres, sin espacios.",
  },
  COUPON_CODE_TAKEN: {
    en: "A coupon of this event already has this code.",
    fr: "Un code promo de cet événement porte déjà ce code.",
    es: "Un cupón de este evento ya tiene este código.",
  },
  COUPON_MAX_BELOW_REDEEMED: {
    en: "The maximum number of redemptions cannot be lower than the %s already made.",
    fr: "Le nombre maximum d'utilisations ne peut pas être inférieur aux %s déjà faites.",
    es: "El número máximo de usos no puede ser inferior a los %s ya realizados.",
  },
  COUPON_REDEEMED_NOT_DELETED: {
    en: "This coupon has already been used, so it cannot be deleted. Change its redeem-by date to stop it.",
    fr: "Ce code promo a déjà été utilisé et ne peut donc pas être supprimé. Changez sa date limite pour l'arrêter.",
    es: "Este cupón ya se ha usado, por lo que no se puede eliminar. Cambie su fecha límite para detenerlo.",
  },
  DISCOUNT_AMOUNT_INVALID: {
    en: "The amount off must be greater than 0.",
    fr: "Le montant de la réduction doit être supérieur à 0.",
    es: "El importe del descuento debe ser mayor que 0.",
  },
  DISCOUNT_PERCENT_INVALID: {
    en: "The percent off must be greater than 0 and at most 100, with 2 decimals at most.",
    fr: "Le pourcentage de réduction doit être supérieur à 0 et d'au plus 100, avec 2 décimales au plus.",
    es: "El porcentaje de descuento debe ser mayor que 0 y como máximo 100, con 2 decimales como máximo.",
  },
  DISCOUNT_ONE_KIND: {
    en: "Give an amount off or a percent off, not both.",
    fr: "Indiquez un montant ou un pourcentage de réduction, pas les deux.",
    es: "Indique un importe o un porcentaje de descuento, no ambos.",
  },
  DISCOUNT_ENDS_BEFORE_START: {
    en: "The end date must be after the start date.",
    fr: "La date de fin doit être postérieure à la date de début.",
    es: "La fecha de fin debe ser posterior a la fecha de inicio.",
  },
  // Card payments (server/platform/payments, contract/payments.ts).
  PAYMENT_SCRIPT_NOT_LOADED: {
    en: "Please load the card payment provider's script.",
    fr: "Veuillez charger le script du prestataire de paiement par carte.",
    es: "Cargue el script del proveedor de pago con tarjeta.",
  },
  CARD_NUMBER_INVALID: {
    en: "This card number is not valid.",
    fr: "Ce numéro de carte n'est pas valide.",
    es: "Este número de tarjeta no es válido.",
  },
  CARD_EXPIRY_INVALID: {
    en: "Write the expiry date as MM/YY.",
    fr: "Écrivez la date d'expiration sous la forme MM/AA.",
    es: "Escriba la fecha de caducidad como MM/AA.",
  },
  CARD_EXPIRY_PAST: {
    en: "This expiry date is in the past.",
    fr: "Cette date d'expiration est passée.",
    es: "Esta fecha de caducidad ya ha pasado.",
  },
  CARD_CVC_INVALID: {
    en: "The security code has 3 digits (4 on the front of an American Express card).",
    fr: "Le cryptogramme a 3 chiffres (4 au recto d'une carte American Express).",
    es: "El código de seguridad tiene 3 dígitos (4 en el anverso de una tarjeta American Express).",
  },
  PAYMENT_DECLINED: {
    en: "Your card was declined.",
    fr: "Votre carte a été refusée.",
    es: "Su tarjeta ha sido rechazada.",
  },
  PAYMENT_INSUFFICIENT_FUNDS: {
    en: "Your card has insufficient funds.",
    fr: "Le solde de votre carte est insuffisant.",
    es: "Su tarjeta no tiene fondos suficientes.",
  },
  PAYMENT_CARD_EXPIRED: {
    en: "Your card has expired.",
    fr: "Votre carte a expiré.",
    es: "Su tarjeta ha caducado.",
  },
  PAYMENT_INCORRECT_CVC: {
    en: "Your card's security code is incorrect.",
    fr: "Le cryptogramme de votre carte est incorrect.",
    es: "El código de seguridad de su tarjeta es incorrecto.",
  },
  PAYMENT_PROCESSING_ERROR: {
    en: "An error occurred while processing your card. Please try again.",
    fr: "Une erreur est survenue lors du traitement de votre carte. Veuillez réessayer.",
    es: "Se ha producido un error al procesar su tarjeta. Inténtelo de nuevo.",
  },
  PAYMENT_AUTHENTICATION_FAILED: {
    en: "Your bank could not authenticate this payment. Please try again or use another card.",
    fr: "Votre banque n'a pas pu authentifier ce paiement. Veuillez réessayer ou utiliser une autre carte.",
    es: "Su banco no ha podido autenticar este pago. Inténtelo de nuevo o use otra tarjeta.",
  },
  PAYMENT_TEST_CARD_REQUIRED: {
    en: "Payments are in test mode: use one of the test cards.",
    fr: "Les paiements sont en mode test : utilisez l'une des cartes de test.",
    es: "Los pagos están en modo de prueba: use una de las tarjetas de prueba.",
  },
  PAYMENT_CANCELED: {
    en: "This payment has been cancelled.",
    fr: "Ce paiement a été annulé.",
    es: "Este pago ha sido cancelado.",
  },
  PAYMENT_ALREADY_SUCCEEDED: {
    en: "This payment has already been made.",
    fr: "Ce paiement a déjà été effectué.",
    es: "Este pago ya se ha realizado.",
  },
  PAYMENT_NOT_AWAITING_AUTHENTICATION: {
    en: "This payment is not waiting for an authentication.",
    fr: "Ce paiement n'attend pas d'authentification.",
    es: "Este pago no está pendiente de autenticación.",
  },
  PAYMENT_IDEMPOTENCY_CONFLICT: {
    en: "This payment request was already made with different details.",
    fr: "Cette demande de paiement a déjà été faite avec d'autres détails.",
    es: "Esta solicitud de pago ya se hizo con otros datos.",
  },
  PAYMENT_NOT_REFUNDABLE: {
    en: "Only a payment that succeeded can be refunded.",
    fr: "Seul un paiement réussi peut être remboursé.",
    es: "Solo se puede reembolsar un pago realizado con éxito.",
  },
  PAYMENT_REFUND_TOO_LARGE: {
    en: "The refund is larger than what remains to refund on this payment.",
    fr: "Le remboursement dépasse ce qu'il reste à rembourser sur ce paiement.",
    es: "El reembolso supera lo que queda por reembolsar de este pago.",
  },
  PAYMENT_WEBHOOK_INVALID: {
    en: "The payment notification could not be verified.",
    fr: "La notification de paiement n'a pas pu être vérifiée.",
    es: "No se ha podido verificar la notificación de pago.",
  },
  // Ticketing billing information, params and ticket office (contract/ticketing-billing.ts).
  SIRET_REQUIRED: {
    en: "Siret needed before billing info.",
    fr: "Le Siret est nécessaire avant les informations de facturation.",
    es: "Se necesita el Siret antes de los datos de facturación.",
  },
  SIRET_INVALID: {
    en: "This Siret is not valid: it has 14 digits, the last one a check digit.",
    fr: "Ce Siret n'est pas valide : il comporte 14 chiffres, dont le dernier est une clé de contrôle.",
    es: "Este Siret no es válido: tiene 14 dígitos, el último de control.",
  },
  BILLING_VAT_NUMBER_REQUIRED: {
    en: "The VAT number is required when subject to VAT.",
    fr: "Le numéro de TVA est obligatoire pour un assujetti à la TVA.",
    es: "El número de IVA es obligatorio cuando se está sujeto al IVA.",
  },
  BILLING_VAT_NUMBER_INVALID: {
    en: "The VAT number is FR followed by 11 characters, like FR40303265045.",
    fr: "Le numéro de TVA s'écrit FR suivi de 11 caractères, comme FR40303265045.",
    es: "El número de IVA es FR seguido de 11 caracteres, como FR40303265045.",
  },
  TICKETING_OFFICE_BLOCKED: {
    en: "Ticket sales need billing information, at least one ticket and an online form.",
    fr: "La billetterie a besoin des informations de facturation, d'au moins un billet et d'un formulaire en ligne.",
    es: "La venta de entradas necesita los datos de facturación, al menos una entrada y un formulario en línea.",
  },
  TICKETING_NEEDS_BILLING: {
    en: "Fill in the billing information.",
    fr: "Renseignez les informations de facturation.",
    es: "Complete los datos de facturación.",
  },
  TICKETING_NEEDS_TICKET: {
    en: "Create at least one active ticket.",
    fr: "Créez au moins un billet actif.",
    es: "Cree al menos una entrada activa.",
  },
  TICKETING_NEEDS_FORM: {
    en: "Put a registration form online.",
    fr: "Mettez un formulaire d'inscription en ligne.",
    es: "Publique un formulario de inscripción.",
  },
  TICKETING_SALES_END_BEFORE_START: {
    en: "The end of sales must be after their start.",
    fr: "La fin des ventes doit être postérieure à leur début.",
    es: "El fin de las ventas debe ser posterior a su inicio.",
  },
  TICKETING_INSTRUCTIONS_REQUIRED: {
    en: "Write the instructions for buyers in the event's default language.",
    fr: "Rédigez les instructions pour les acheteurs dans la langue par défaut de l'événement.",
    es: "Escriba las instrucciones para los compradores en el idioma predeterminado del evento.",
  },
  TICKETING_CURRENCY_LOCKED: {
    en: "The currency cannot change once orders have been placed.",
    fr: "La devise ne peut plus changer une fois des commandes passées.",
    es: "La moneda no puede cambiar una vez realizados pedidos.",
  },
  TICKETING_LIVE_UNAVAILABLE: {
    en: "Live payments need a card payment provider configured on the platform; only test mode is available.",
    fr: "Les paiements réels nécessitent un prestataire de paiement par carte configuré sur la plateforme ; seul le mode test est disponible.",
    es: "Los pagos reales necesitan un proveedor de pago con tarjeta configurado en la plataforma; solo está disponible el modo de prueba.",
  },
  // Orders, carts and the shop (contract/ticketing-orders.ts).
  TICKET_NOT_AVAILABLE: {
    en: "This ticket is not available anymore.",
    fr: "Ce billet n'est plus disponible.",
    es: "Esta entrada ya no está disponible.",
  },
  TICKET_ALREADY_OWNED: {
    en: "You already own this ticket.",
    fr: "Vous possédez déjà ce billet.",
    es: "Ya tiene esta entrada.",
  },
  TICKET_OPTION_QUOTA_FILLED: {
    en: "Quota is filled for this option.",
    fr: "Le quota de cette option est atteint.",
    es: "El cupo de esta opción está completo.",
  },
  TICKET_OPTION_ALONE: {
    en: "An option cannot be bought alone: add it to a ticket.",
    fr: "Une option ne peut pas être achetée seule : ajoutez-la à un billet.",
    es: "Una opción no se puede comprar sola: añádala a una entrada.",
  },
  TICKET_OPTION_NOT_FOR_TICKET: {
    en: "This option does not go with this ticket.",
    fr: "Cette option ne va pas avec ce billet.",
    es: "Esta opción no corresponde a esta entrada.",
  },
  CART_OFFICE_CLOSED: {
    en: "The ticket office is closed.",
    fr: "La billetterie est fermée.",
    es: "La taquilla está cerrada.",
  },
  CART_OFFICE_NOT_OPEN: {
    en: "Ticket sales have not started yet.",
    fr: "La vente des billets n'a pas encore commencé.",
    es: "La venta de entradas aún no ha comenzado.",
  },
  CART_OFFICE_ENDED: {
    en: "Ticket sales are over.",
    fr: "La vente des billets est terminée.",
    es: "La venta de entradas ha terminado.",
  },
  CART_EXPIRED: {
    en: "Your reservation has expired. Please choose your tickets again.",
    fr: "Votre réservation a expiré. Veuillez choisir à nouveau vos billets.",
    es: "Su reserva ha caducado. Vuelva a elegir sus entradas.",
  },
  CART_COUPON_INVALID: {
    en: "This coupon code is not valid.",
    fr: "Ce code promo n'est pas valide.",
    es: "Este código de cupón no es válido.",
  },
  CART_COUPON_EXPIRED: {
    en: "This coupon has expired.",
    fr: "Ce code promo a expiré.",
    es: "Este cupón ha caducado.",
  },
  CART_COUPON_USED_UP: {
    en: "This coupon has been used the maximum number of times.",
    fr: "Ce code promo a atteint son nombre maximum d'utilisations.",
    es: "Este cupón ha alcanzado su número máximo de usos.",
  },
  CART_COUPONS_NOT_COMBINABLE: {
    en: "These coupons cannot be used together.",
    fr: "Ces codes promo ne peuvent pas être utilisés ensemble.",
    es: "Estos cupones no se pueden usar juntos.",
  },
  CART_COUPON_NOT_APPLICABLE: {
    en: "This coupon does not apply to the tickets in your cart.",
    fr: "Ce code promo ne s'applique pas aux billets de votre panier.",
    es: "Este cupón no se aplica a las entradas de su carrito.",
  },
  CART_PAYMENT_METHOD_UNAVAILABLE: {
    en: "This payment method is not offered for this event.",
    fr: "Ce moyen de paiement n'est pas proposé pour cet événement.",
    es: "Este método de pago no está disponible para este evento.",
  },
  CART_CARD_NOT_ACCEPTED: {
    en: "Card details are entered in the card payment provider's form only.",
    fr: "Les données de carte se saisissent uniquement dans le formulaire du prestataire de paiement.",
    es: "Los datos de la tarjeta se introducen solo en el formulario del proveedor de pago.",
  },
  ORDER_ALREADY_PAID: {
    en: "This order has already been paid.",
    fr: "Cette commande a déjà été payée.",
    es: "Este pedido ya ha sido pagado.",
  },
  ORDER_CANCELLED: {
    en: "This order has been cancelled.",
    fr: "Cette commande a été annulée.",
    es: "Este pedido ha sido cancelado.",
  },
  ORDER_PAID_NOT_CANCELLABLE: {
    en: "A paid order cannot be cancelled: refund it instead.",
    fr: "Une commande payée ne peut pas être annulée : remboursez-la.",
    es: "Un pedido pagado no se puede cancelar: reembólselo.",
  },
  ORDER_ALREADY_AWAITING: {
    en: "This order is already awaiting payment.",
    fr: "Cette commande est déjà en attente de paiement.",
    es: "Este pedido ya está pendiente de pago.",
  },
  ORDER_NOT_IN_CART: {
    en: "This order is no longer a cart.",
    fr: "Cette commande n'est plus un panier.",
    es: "Este pedido ya no es un carrito.",
  },
  ORDER_NOT_PAID: {
    en: "Only a paid order can be refunded.",
    fr: "Seule une commande payée peut être remboursée.",
    es: "Solo se puede reembolsar un pedido pagado.",
  },
  ORDER_REFUND_NEEDS_ITEM: {
    en: "Refund needs at least one item.",
    fr: "Le remboursement nécessite au moins un article.",
    es: "El reembolso necesita al menos un artículo.",
  },
  ORDER_ITEM_NOT_IN_ORDER: {
    en: "This item is not part of this order.",
    fr: "Cet article ne fait pas partie de cette commande.",
    es: "Este artículo no forma parte de este pedido.",
  },
  ORDER_ITEM_ALREADY_REFUNDED: {
    en: "This item has already been refunded.",
    fr: "Cet article a déjà été remboursé.",
    es: "Este artículo ya ha sido reembolsado.",
  },
  ORDER_PAYMENT_MISMATCH: {
    en: "This payment is not a payment of this order.",
    fr: "Ce paiement n'est pas un paiement de cette commande.",
    es: "Este pago no es un pago de este pedido.",
  },
  ORDER_PAYMENT_NOT_SUCCEEDED: {
    en: "This payment has not succeeded.",
    fr: "Ce paiement n'a pas abouti.",
    es: "Este pago no se ha completado.",
  },
} satisfies Record<string, Translations>;

export type MessageCode = keyof typeof messages;

export type CodedMessage = { code: MessageCode; values?: (string | number)[] };

/**
 * The catalogue message for one of zod's own issues (a rule written without a message code): the server answers it,
 * the web app shows it under the input, in the same words.
 */
export function messageOfZodIssue(issue: {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  input?: unknown;
}): CodedMessage {
  switch (issue.code) {
    case "invalid_type":
      return { code: issue.input == null ? "FIELD_REQUIRED" : "FIELD_INVALID" };
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? { code: "FIELD_REQUIRED" }
          : { code: "FIELD_TOO_SHORT", values: [Number(issue.minimum)] };
      if (issue.origin === "number") return { code: "NUMBER_TOO_SMALL" };
      return { code: "FIELD_REQUIRED" };
    case "too_big":
      if (issue.origin === "string") return { code: "FIELD_TOO_LONG", values: [Number(issue.maximum)] };
      return { code: issue.origin === "number" ? "NUMBER_TOO_BIG" : "FIELD_INVALID" };
    case "invalid_format":
      if (issue.format === "email") return { code: "EMAIL_INVALID" };
      if (typeof issue.format === "string" && /date|time/.test(issue.format)) return { code: "DATE_INVALID" };
      return { code: "FIELD_INVALID" };
    default:
      return { code: "FIELD_INVALID" };
  }
}

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(messages, value);
}

export function translate(code: MessageCode, language: Language, ...values: (string | number)[]): string {
  let text = messages[code][language] ?? messages[code].en;
  for (const value of values) text = text.replace("%s", String(value));
  return text;
}
