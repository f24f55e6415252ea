/**
 * The hand-written part of the ranker's vocabulary: how people ask for the operations every REST
 * API has (everyday verbs: "get rid of" is a delete, "spin up" a create), and the developer and
 * SaaS words that stand for an API's nouns ("PR" is a pull request, "DM" a direct message,
 * "chargeback" a dispute). Written from general knowledge of how developers talk about code
 * hosting, payments and chat APIs — never from an evaluation's requests (bench/search/README.md
 * "The rule"; a test holds that no request of the evaluation is in this file).
 *
 * What the lexicon does not hold the ranker learns from the registered tools themselves
 * (`learn.ts`: id prefixes, the API's own nouns), and the stemmer covers inflections.
 *
 * Each entry: the phrases people say (`|`-separated, one or more words, matched on whole words
 * before stemming), the words the API documents would use instead (searched with a lower weight
 * than the request's own words), and the kind of operation the phrase asks for, if any.
 */

/**
 * The kind of operation a request asks for, compared with what a tool does (its method and the
 * verb of its name): a request to delete something should not rank a list first.
 *
 * @internal
 */
export type Action = "create" | "read" | "list" | "update" | "delete" | "action"

/** @internal */
export interface Entry {
  readonly phrases: ReadonlyArray<ReadonlyArray<string>>
  readonly expansions: ReadonlyArray<string>
  readonly action: Action | undefined
  /** How much the phrase counts among the request's concepts (1 unless it is a mere aside). */
  readonly weight: number
}

/**
 * A plain create, read, list, update or delete says little about *which* tool: every resource has
 * one. Its phrase counts less among the request's concepts; the kind of operation it names still
 * ranks the tools that do it first (`index.ts`, `actionFit`).
 */
const CRUD_WEIGHT = 0.3

const entry = (phrases: string, expansions: string, action?: Action, weight = 1): Entry => ({
  phrases: phrases.split("|").map((phrase) => phrase.trim().split(/\s+/)),
  expansions: expansions.split(/\s+/).filter((word) => word !== ""),
  action,
  weight
})

/**
 * Verbs and verb phrases of requests, by what they ask an API to do. An expansion names the verbs
 * API documents use for the same operation.
 */
const VERBS: ReadonlyArray<Entry> = [
  // Deleting and removing.
  entry(
    "delete|remove|rm|del|erase|destroy|purge|wipe|wipe out|nuke|trash|bin|scrap|ditch|axe|zap|get rid of|throw away|throw out|toss|dump|drop|take down|take off|clear out|clean up|clear|scrub|do away with|eliminate|unpublish",
    "delete remove",
    "delete",
    CRUD_WEIGHT
  ),
  entry("kill|terminate|abort|halt|stop|cancel|call off|pull the plug|shut down", "cancel stop delete", "action"),
  entry("revoke|invalidate|rescind|withdraw|expire|disable|deactivate|turn off|switch off", "revoke disable delete deactivate", "action"),
  entry("kick|kick out|boot|boot out|eject|oust|expel|ban|evict|offboard|throw off|remove from", "remove kick delete", "delete"),
  entry("unlink|detach|disconnect|decouple|unhook|unassign|untag|unlabel", "detach remove delete unlink", "action"),
  // Creating and adding.
  entry(
    "create|add|new|make|spin up|set up|setup|stand up|start|open|generate|build|provision|launch|register|init|initialize|establish|put up|whip up|draft|file|raise|write up|submit|introduce|issue|mint",
    "create add new",
    "create",
    CRUD_WEIGHT
  ),
  entry("invite|onboard|bring in|let in|add to|welcome", "invite add member invitation", "create"),
  entry("upload|attach|put up|push up|import", "upload add asset attach", "create"),
  entry("copy|clone|duplicate|fork|replicate", "fork copy duplicate create", "create"),
  // Changing.
  entry(
    "update|edit|change|modify|alter|amend|adjust|tweak|fix|correct|patch|rename|set|switch|swap|bump|raise|lower|increase|decrease|move|replace|rewrite|reconfigure|configure|toggle|turn on|enable|flip",
    "update edit set change modify",
    "update",
    CRUD_WEIGHT
  ),
  entry("rename|retitle|call it", "rename name title update", "update"),
  entry("sync|sync up|catch up|rebase|refresh|bring up to date|update from", "update sync branch", "update"),
  entry("lock|lock down|protect|freeze|restrict|secure|guard", "lock protection protect restrict", "update"),
  entry("unlock|unprotect|unfreeze|unrestrict|open up", "unlock delete protection", "delete"),
  entry("assign|hand to|hand over|give to|delegate|put on|allocate", "assign assignee add", "update"),
  entry("transfer|hand off|move to|migrate", "transfer move", "action"),
  entry("archive|shelve|mothball|retire|sunset|deprecate|put away|bury", "archive", "action"),
  entry("unarchive|restore|revive|resurrect|reopen|undelete|bring back|recover|reinstate", "unarchive restore reopen", "action"),
  entry("close|resolve|wrap up|shut|mark done|finish|complete|done with", "close complete resolve", "action"),
  entry("merge|land|squash|combine", "merge", "action"),
  entry("approve|accept|okay|ok|lgtm|sign off|greenlight|green light|allow|authorize|confirm|ack", "approve accept allow", "action"),
  entry("reject|deny|decline|refuse|turn down|veto|say no", "reject deny decline", "action"),
  entry("dismiss|overrule|ignore|disregard|set aside", "dismiss dismissal", "action"),
  entry("review|look at|take a look|check over|go over|have a look|proofread", "review reviewer request", "action"),
  entry("retry|rerun|re-run|rerequest|re-request|retrigger|re-trigger|rebuild|redo|run again|try again|kick again|redeploy", "rerun retry rerequest", "action"),
  entry("run|trigger|dispatch|execute|invoke|fire|kick off|launch|start", "run dispatch trigger create", "action"),
  entry("deploy|ship|release|roll out|go live|promote", "deploy deployment release", "action"),
  entry("rollback|roll back|revert|undo|back out|reverse|claw back|take back|unwind", "reverse reversal revert cancel", "action"),
  entry("finalize|finalise|lock in|seal|commit to|make final", "finalize", "action"),
  entry("resend|send again|re-send|remind|nudge", "send resend reminder", "action"),
  entry("send|post|message|ping|notify|tell|say|announce|broadcast|shout|text|write to|reach out", "send post message chat", "create"),
  entry("reply|respond|answer|comment|chime in|leave a note|note|remark|weigh in", "comment reply create", "create"),
  entry("react|thumbs up|upvote", "reaction add", "create"),
  entry("star|favorite|favourite|bookmark|save|like|heart", "star add", "action"),
  entry("unstar|unfavorite|unfavourite|unbookmark|unsave|unlike", "star delete remove", "delete"),
  entry("follow|watch|subscribe|track|keep an eye on|get notified", "follow watch subscribe subscription", "action"),
  entry("unfollow|unwatch|unsubscribe|stop following|stop watching|stop notifications|stop notifying|stop pinging|stop emailing", "unfollow unsubscribe subscription ignore delete", "action"),
  entry("mute|silence|snooze|quiet|hush|do not disturb|dnd|pause notifications", "snooze mute dnd ignore", "action"),
  entry("unmute|unsnooze|end snooze|resume notifications", "snooze end dnd", "action"),
  entry("block|blacklist|blocklist|denylist|ban", "block", "action"),
  entry("unblock|unban|whitelist|allowlist", "unblock delete block", "delete"),
  entry("pin|stick|feature", "pin add", "action"),
  entry("unpin|unstick", "pin remove", "delete"),
  entry("label|tag|categorize|categorise|mark as", "label tag topic", "update"),
  entry("mark|flag|set status|mark as", "status mark set", "update"),
  entry("hide|conceal|minimize|collapse", "hide minimize", "action"),
  entry("verify|validate|check|confirm|test|audit|vet|screen", "verify verification check test", "read"),
  entry("refund|give back|pay back|reimburse|money back|return money|return the money|credit back", "refund", "create"),
  entry("charge|bill|take payment|collect|debit|take money|put on the card", "charge payment create intent", "create"),
  entry("pay out|cash out|withdraw|send to bank|move to bank", "payout", "create"),
  entry("pay|settle|pay off", "pay payment", "action"),
  entry("contest|fight|challenge|counter|dispute", "dispute evidence", "update"),
  entry("concede|give up|forfeit|accept the loss|stop contesting|not contesting", "close dispute", "action"),
  entry("void|write off|mark uncollectible|uncollectible", "void uncollectible", "action"),
  entry("capture|take the hold|finalize the payment", "capture", "action"),
  entry("join|hop in|hop into|jump in|jump into|enter|sign up", "join", "action"),
  entry("leave|quit|exit|drop out|bow out|step out", "leave", "action"),
  entry("render|preview|format|convert|transform", "render markdown", "action"),
  entry("download|export|dump|grab|pull down|save as", "download export archive", "read"),
  // More verbs of everyday API work.
  entry("unassign|take off|drop from", "remove assignee delete", "delete"),
  entry("mention|tag in|at-mention|loop in|cc", "mention notify", "action"),
  entry("pause|suspend|put on hold|hold off|freeze", "pause suspend disable", "action"),
  entry("resume|unpause|reactivate|restart|continue|turn back on", "resume enable restart", "action"),
  entry("authorize|pre-auth|preauthorize|place a hold|hold funds|reserve", "authorize capture manual intent", "create"),
  entry("tokenize|vault", "token create", "create"),
  entry("schedule|queue|plan for later|send later|postpone|defer|reschedule", "schedule scheduled", "create"),
  entry("publish|make public|go public|expose", "publish public visibility", "action"),
  entry("unpublish|make private|hide from public|go private", "private visibility update", "update"),
  entry("enroll|register for|sign up for|opt in", "subscribe enroll create", "create"),
  entry("opt out|deregister|leave the list", "unsubscribe delete", "delete"),
  entry("upgrade|downgrade|switch plan|change plan|move to plan|prorate", "update subscription price plan", "update"),
  entry("renew|extend|prolong", "renew update subscription", "update"),
  entry("preview|dry run|simulate|estimate|what would", "preview upcoming", "read"),
  entry("export|download|backup|dump|archive a copy", "download export archive tarball zipball", "read"),
  entry("import|migrate in|bring over|mirror", "import migration", "create"),
  entry("rate|score|vote", "reaction", "create"),
  entry("report|flag as spam|mark as spam|spam", "report spam block", "action"),
  entry("rotate|regenerate|reset|roll|refresh the key|cycle", "regenerate reset rotate create", "action"),
  entry("test|ping|try out|smoke test", "test ping", "action"),
  entry("redeliver|replay|resend the event", "redeliver delivery attempt", "action"),
  entry("mark as read|mark read|clear notifications|read all", "mark read notifications", "update"),
  entry("squash and merge|rebase and merge|merge in|ship it", "merge", "action"),
  entry("cherry-pick|cherry pick|backport", "commit create", "create"),
  entry("branch off|cut a branch|create a branch|new branch", "ref create branch", "create"),
  entry("cut a release|tag a release|ship a release|publish a release", "release create", "create"),
  entry("convert|turn into|make it a|change type", "convert update", "update"),
  entry("grant|give access|let|allow access|share with", "permission add collaborator access grant", "update"),
  entry("deny access|take away access|remove access|lock out", "remove permission access delete", "delete"),
  entry("promote|make admin|make owner|elevate", "admin owner role membership set", "update"),
  entry("demote|revoke admin|downgrade role", "role membership member set", "update"),
  entry("deactivate|suspend account|disable account|off-board", "deactivate suspend remove", "action"),
  // Reading.
  entry(
    "list|show|all|every|browse|enumerate|overview|index|see|view|display|catalog|catalogue|inventory",
    "list all",
    "list",
    CRUD_WEIGHT
  ),
  entry(
    "get|fetch|retrieve|read|look up|lookup|pull up|find|inspect|details|detail|info|information|describe|open up|check on|dig up|show me|tell me about|look into",
    "get retrieve info",
    "read",
    CRUD_WEIGHT
  ),
  entry("search|grep|query|look for|hunt for|find all|filter|match", "search query find", "list"),
  entry("count|how many|how much|number of|tally|total|stats|statistics|metrics|numbers|analytics|usage", "count total views statistics", "read"),
  entry("diff|compare|difference|changes between|delta", "compare diff", "read"),
  entry("history|log|logs|audit trail|timeline|activity|events|what happened", "history log events activity timeline"),
  entry("who|whom|whose|who's|people|folks|members|everyone in|participants", "member members user", undefined, 0.5),
  entry("status|state|health|progress", "status state")
]

/**
 * Developer and SaaS words for the nouns of code hosting, payments, messaging and identity APIs:
 * abbreviations, jargon, and everyday words for the API's terms of art.
 */
const NOUNS: ReadonlyArray<Entry> = [
  // Code hosting and CI.
  entry("pr|prs|pull|mr|mrs|merge request|merge requests|patch|changeset", "pull request"),
  entry("repo|repos|codebase|project|projects", "repository repo"),
  entry("org|orgs|company|workspace|enterprise", "organization org"),
  entry("ci|ci/cd|pipeline|pipelines|build|builds|gha|github actions|job|jobs", "actions workflow run check"),
  entry("workflow|workflows|action|actions", "workflow actions"),
  entry("commit|commits|sha|hash|changeset|revision", "commit sha"),
  entry("branch|branches|tip|head|trunk|main|master|default branch", "branch ref head"),
  entry("tag|tags|version|versions|semver", "tag release ref"),
  entry("release|releases|version|build artifact|binary|binaries", "release asset"),
  entry("bug|bugs|ticket|tickets|tracker|todo|todos|task|tasks|epic|story|stories|backlog", "issue issues"),
  entry("child|subtask|sub-task|sub task|parent|epic|sub", "sub issue parent"),
  entry("label|labels|tag|tags|category", "label labels"),
  entry("review|reviews|approval|approvals|lgtm|changes requested|request changes|request-changes", "review"),
  entry("reviewer|reviewers|approver|approvers", "reviewer requested reviewers"),
  entry("comment|comments|note|notes|remark|reply|replies|feedback|discussion|thread|conversation|back-and-forth", "comment comments thread"),
  entry("milestone|milestones|deadline|due date|sprint", "milestone"),
  entry("webhook|webhooks|hook|hooks|callback|callbacks|endpoint|notification url", "hook webhook"),
  entry("secret|secrets|credential|credentials|creds|api key|password|env var|env vars", "secret secrets variable"),
  entry("env|envs|environment|environments|prod|production|staging|dev", "environment deployment"),
  entry("deploy|deploys|deployment|deployments|rollout", "deployment deploy"),
  entry("key|keys|ssh key|ssh|public key|deploy key|gpg key|signing key", "key keys ssh deploy"),
  entry("collaborator|collaborators|contributor|contributors|maintainer|maintainers|teammate|teammates|member|members|people|folks|person|team mate", "collaborator member user"),
  entry("team|teams|squad|group|groups|crew", "team"),
  entry("owner|owners|admin|admins|administrator|maintainer", "admin owner role"),
  entry("invite|invites|invitation|invitations|pending invite", "invitation invite"),
  entry("user|users|account|accounts|person|profile|handle|username|login", "user users account"),
  entry("follower|followers|fan|fans", "follower followers"),
  entry("star|stars|stargazer|stargazers|favorite|favorites|favourites|bookmarks|saved", "star starred stargazers"),
  entry("fork|forks", "fork forks"),
  entry("file|files|doc|docs|readme|contents|content|source|code", "content contents file"),
  entry("snippet|snippets|paste|pastebin|gist|gists", "gist"),
  entry("rate limit|quota|api calls|calls left|requests left|throttle|limits", "rate limit"),
  entry("package|packages|image|images|container|containers|docker|registry|artifact|artifacts|npm|module", "package packages container"),
  entry("vulnerability|vulnerabilities|vuln|vulns|cve|cves|advisory|advisories|security issue|security alert", "advisory vulnerability security alert"),
  entry("codeql|sast|code scanning|static analysis|lint findings|scan findings|findings", "code scanning alert"),
  entry("dependabot|dependency alert|dependency alerts|outdated dependencies|sbom", "dependabot dependency alert graph sbom"),
  entry("leaked secret|leaked key|leaked token|exposed secret|secret scanning", "secret scanning alert"),
  entry("codespace|codespaces|cloud dev environment|dev container|devcontainer", "codespace codespaces"),
  entry("wiki|pages|gh pages|site|website", "pages"),
  entry("traffic|visitors|views|clones|clone count|page views|popularity", "traffic views clones"),
  entry("topic|topics|keyword|keywords", "topic topics"),
  entry("license|licence", "license"),
  entry("code of conduct|coc|contributing guide|community health|community profile|health files", "community profile"),
  entry("protection|branch protection|required reviews|required checks|status checks|ruleset|rulesets", "protection branch rule"),
  entry("check|checks|check run|check runs|check suite|status check|status checks|ci status|build status|green|red|passing|failing", "check status run suite"),
  entry("run|runs|workflow run|workflow runs|job run", "run runs workflow"),
  entry("cache|caches", "cache caches"),
  entry("runner|runners|self-hosted|build agent|build machine", "runner runners"),
  entry("artifact|artifacts|build output", "artifact artifacts"),
  entry("log|logs|output|console output", "log logs"),
  entry("notification|notifications|inbox|pings|alerts|mentions", "notification notifications thread"),
  entry("subscription|watching|watch|notifications for", "subscription watch"),
  entry("markdown|md|gfm", "markdown render"),
  entry("emoji|emojis|emoticon|emoticons|reaction|reactions|custom emoji", "emoji reaction"),
  entry("avatar|photo|picture|pic|profile picture|headshot", "photo avatar image"),
  entry("email|emails|e-mail|mail|address|email address", "email"),
  entry("org chart|membership|memberships|role|roles|permission|permissions|perms|access|rights", "membership role permission access"),
  // Payments and billing.
  entry("customer|customers|client|clients|buyer|buyers|shopper|shoppers|payer|payers|cardholder|patron|account holder", "customer customers"),
  entry("charge|charges|payment|payments|transaction|transactions|purchase|purchases|sale|sales", "charge payment intent"),
  entry("card|cards|credit card|debit card|card on file|payment method|payment methods|visa|mastercard|amex|wallet", "card payment method source"),
  entry("refund|refunds|money back|reimbursement", "refund refunds"),
  entry("chargeback|chargebacks|dispute|disputes|contested payment|contested charge|fraud claim", "dispute disputes"),
  entry("sub|subs|subscription|subscriptions|plan|plans|membership|recurring|recurring billing|renewal|renewals", "subscription subscriptions"),
  entry("seat|seats|quantity|licenses|licences|units", "quantity subscription item"),
  entry("invoice|invoices|bill|bills|statement|statements", "invoice invoices"),
  entry("line|lines|line item|line items|itemised|itemized|breakdown", "line items lines"),
  entry("receipt|receipts", "receipt charge"),
  entry("coupon|coupons|discount|discounts|promo|promo code|promo codes|promotion|voucher|vouchers|code", "coupon promotion code discount"),
  entry("product|products|sku|skus|item|items|offering|catalog|catalogue|merch|goods", "product products price"),
  entry("price|prices|pricing|tier|tiers|rate|cost", "price prices"),
  entry("payout|payouts|cash out|withdrawal|withdrawals|bank transfer|to our bank", "payout payouts"),
  entry("transfer|transfers|send money|split", "transfer transfers"),
  entry("balance|funds|money available|available balance|pending balance", "balance"),
  entry("fee|fees|application fee|platform fee|commission", "fee fees application"),
  entry("tax|taxes|vat|gst|sales tax", "tax"),
  entry("bank|bank account|bank accounts|iban|routing number", "bank account external"),
  entry("connected account|connected accounts|seller|sellers|merchant|merchants|vendor|vendors|marketplace|platform", "account accounts connect"),
  entry("checkout|checkout page|hosted checkout|hosted payment page|pay page|payment page|payment link|buy button|cart", "checkout session payment link"),
  entry("quote|quotes|estimate|estimates|proposal|offer", "quote quotes"),
  entry("fraud|fraudster|scammer|scam|risk|radar|suspicious|blocklist|blacklist", "radar review fraud value list"),
  entry("kyc|identity|id check|id verification|document check|verify identity|background check|selfie", "identity verification session"),
  entry("reader|readers|terminal|pos|point of sale|card reader|card readers", "terminal reader"),
  entry("apple pay|google pay|wallet domain|payment domain", "apple pay domain"),
  entry("webhook endpoint|event destination", "webhook endpoint"),
  entry("event|events|webhook event|notification", "event events"),
  entry("schedule|schedules|phase|phases|billing schedule", "schedule subscription"),
  entry("credit note|credit notes|partial refund|adjustment|credit", "credit note"),
  entry("report|reports|reporting|export", "report run"),
  entry("usage|metered|meter|meters|usage record", "usage record meter"),
  entry("pdf|printable|download", "pdf"),
  entry("dollars|dollar|usd|eur|euros|gbp|cents|amount|$", "amount"),
  // Messaging and collaboration.
  entry("dm|dms|direct message|direct messages|private message|pm|im|ims|1:1|one-on-one|whisper", "direct message conversation open im"),
  entry("group dm|group dms|mpim|group chat", "direct message conversation multi"),
  entry("channel|channels|room|rooms|chatroom|chat room|chat|chats|space|spaces|conversation|conversations|convo|convos", "channel conversation conversations"),
  entry("message|messages|msg|msgs|post|posts|chat message|text|note", "message messages chat"),
  entry("thread|threads|replies|reply chain", "thread replies conversation"),
  entry("header|topic|subject|heading|banner", "topic purpose"),
  entry("description|purpose|about", "purpose description"),
  entry("away|online|offline|active|idle|presence|available|status", "presence active away"),
  entry("reminder|reminders|remind me|todo later", "reminder reminders"),
  entry("bookmark|bookmarks|saved item|saved items|saved messages|saved for later|later", "star stars saved"),
  entry("pin|pins|pinned|pinned messages", "pin pins"),
  entry("handle|display name|nickname|screen name|username", "user profile name"),
  entry("user group|user groups|usergroup|handle group|alias|mention group", "usergroup user group"),
  entry("form|modal|dialog|popup|pop-up|pop up|view|views", "view dialog modal open"),
  entry("app|apps|integration|integrations|bot|bots|plugin|plugins|add-on|addon|install|installation", "app apps integration bot"),
  entry("login|logins|sign-in|sign-ins|signed in|logged in|logged into|access log|access logs|ip address", "access log logs"),
  entry("audit|auditing|compliance", "audit log access"),
  entry("workspace|workspaces|slack team|tenant", "team workspace"),
  entry("link|permalink|url|share link|deep link", "permalink link url"),
  entry("schedule|scheduled|later|send later", "schedule scheduled"),
  entry("search|find|look for", "search"),
  entry("attachment|attachments|upload|uploads|document|documents|screenshot|image", "file files upload"),
  entry("call|calls|huddle|meeting|meetings", "call calls"),
  entry("token|tokens|access token|bot token|xoxb|xoxp|oauth token|pat|personal access token", "token auth oauth"),
  entry("do not disturb|dnd|snooze|quiet hours|notifications paused", "dnd snooze"),
  // More nouns of code hosting.
  entry("draft|draft pr|wip", "draft pull"),
  entry("conflict|conflicts|mergeable|mergeability", "mergeable merge pull"),
  entry("changed files|files changed|file list|what changed", "files pull commit compare"),
  entry("commit history|history of|log of commits|git log", "commits list"),
  entry("default branch|primary branch", "default branch repository"),
  entry("ref|refs|reference|references|pointer", "ref refs git"),
  entry("tree|trees|directory|folder|folders", "tree contents"),
  entry("blob|blobs|raw file", "blob git"),
  entry("readme|read me", "readme"),
  entry("changelog|release notes|what's new|whats new", "release notes generate"),
  entry("tarball|zip|zipball|source archive|source code download", "tarball zipball archive"),
  entry("language|languages|tech stack|stack", "languages"),
  entry("contributor|contributors|top contributors|who contributed|committers", "contributors stats"),
  entry("activity graph|commit activity|punch card|code frequency|participation", "stats commit activity participation"),
  entry("referrer|referrers|traffic source|traffic sources|where visitors come from", "traffic referrers"),
  entry("watcher|watchers|subscriber|subscribers", "watchers subscribers subscription"),
  entry("stargazer|stargazers|who starred", "stargazers"),
  entry("outside collaborator|outside collaborators|external contributor|contractor", "outside collaborators"),
  entry("2fa|two factor|two-factor|mfa", "2fa two factor"),
  entry("audit log|audit logs|security log", "audit log"),
  entry("billing|bill|usage|minutes|storage|spend|spending|budget|cost", "billing usage"),
  entry("copilot|ai assistant|seat assignment", "copilot seats"),
  entry("project board|project boards|kanban|board|roadmap", "project projects"),
  entry("discussion|discussions|forum|q&a", "discussion discussions"),
  entry("autolink|autolinks|link reference|ticket link", "autolink"),
  entry("ruleset|rulesets|rule|rules|policy|policies", "ruleset rules"),
  entry("environment secret|deployment secret", "environment secret"),
  entry("variable|variables|config var|config vars|env variable|setting", "variable variables"),
  entry("job|jobs|step|steps", "job jobs"),
  entry("failed job|failed jobs|failures|failing jobs|red builds", "failed jobs rerun runs"),
  entry("gitignore|ignore file|.gitignore", "gitignore template"),
  entry("octocat|zen|meta", "meta"),
  entry("installation|installations|installed app|github app|oauth app", "installation app"),
  entry("authorization|authorizations|grant|grants|token permission", "authorization grant"),
  entry("gpg|gpg key|signing key|signature", "gpg key signing"),
  entry("social account|social accounts|twitter|linkedin", "social accounts"),
  entry("interaction limit|interaction limits|cool down|cooldown|temporary block", "interaction limits"),
  entry("lock conversation|locked|heated|too heated", "lock"),
  entry("transfer ownership|new owner|move repo|move repository", "transfer"),
  entry("visibility|private|public|internal", "visibility private"),
  entry("pages|github pages|static site|docs site", "pages"),
  entry("assignee|assignees|owner of the issue|responsible", "assignees assignee"),
  // More nouns of payments.
  entry("ledger|money movement|money movements|balance history|transactions history", "balance transactions"),
  entry("setup intent|setup intents|save card|save a card|card for later|future payments|card setup", "setup intent"),
  entry("payment intent|payment intents|payment attempt|checkout attempt", "payment intent"),
  entry("hold|authorization hold|pre-authorization|preauthorization|uncaptured", "capture intent authorization"),
  entry("invoice item|invoice items|one-off charge|one-off line|extra line", "invoice item invoiceitems"),
  entry("upcoming invoice|next invoice|next bill|proration|prorated", "upcoming invoice"),
  entry("tax id|tax ids|vat number|vat id|ein|gst number", "tax id"),
  entry("tax rate|tax rates|vat rate|sales tax rate", "tax rate"),
  entry("store credit|account credit|credit balance|customer balance|prepaid", "customer balance transaction"),
  entry("onboarding|onboarding link|kyc link|account link|setup link", "account link"),
  entry("express dashboard|dashboard link|login link", "login link"),
  entry("representative|representatives|director|directors|beneficial owner|executive|person|persons", "person persons"),
  entry("capability|capabilities|feature access", "capability capabilities"),
  entry("top-up|top up|topup|add funds|fund the balance", "topup topups"),
  entry("fraud warning|fraud warnings|early fraud warning|efw", "early fraud warning"),
  entry("review queue|manual review|flagged payment|flagged payments", "review reviews"),
  entry("virtual card|physical card|company card|issued card|issued cards|spend card", "issuing card cards"),
  entry("cardholder|cardholders|employee card", "issuing cardholder"),
  entry("card authorization|card authorizations|card swipe|spending control|spending controls", "issuing authorization"),
  entry("financial account|treasury|wire|ach|outbound payment|inbound transfer", "treasury financial account outbound"),
  entry("location|locations|store|stores|shop|branch office", "location locations"),
  entry("connection token|reader token", "connection token"),
  entry("billing portal|customer portal|self-serve portal|manage subscription page", "billing portal session"),
  entry("test clock|test clocks|time travel|simulate time|advance time", "test clock"),
  entry("mandate|mandates|debit authorization", "mandate"),
  entry("exchange rate|exchange rates|fx|fx rate|currency conversion|conversion rate", "exchange rate"),
  entry("country spec|country specs|supported countries", "country spec"),
  entry("file upload|evidence file|document upload|upload evidence", "file upload"),
  entry("trial|free trial|trial period", "trial subscription"),
  entry("payment link|pay link|shareable link|buy link", "payment link"),
  entry("metadata|tags on|custom fields", "metadata"),
  entry("statement descriptor|bank statement text", "statement descriptor"),
  entry("climate|carbon|carbon removal|offset", "climate order"),
  // More nouns of chat.
  entry("ephemeral|only visible to|private reply|just for them", "ephemeral"),
  entry("scrollback|backlog|chat history|message history|what was said|what people said|conversation history", "history conversation messages"),
  entry("unread|read cursor|read position|last read", "mark conversation"),
  entry("status text|status emoji|custom status|title|job title|pronouns", "profile status set"),
  entry("profile photo|profile picture|avatar|photo|headshot", "photo set"),
  entry("billable|billable users|paid seats|active seats", "billable info"),
  entry("integration log|integration logs|app installs|app history", "integration logs"),
  entry("who am i|whoami|my identity|check token|token check", "auth test identity"),
  entry("log out|logout|sign out|kill the token|revoke token", "auth revoke"),
  entry("shared channel|shared channels|slack connect|external channel|connected channel", "shared connected channel"),
  entry("invite request|invite requests|join request|access request", "invite requests"),
  entry("custom emoji|emoji pack|new emoji", "emoji add"),
  entry("workflow step|workflow steps|workflow builder", "workflows step"),
  entry("slash command|slash commands|/me", "me message command"),
  entry("home tab|app home", "views publish"),
  entry("huddle|voice call|video call|zoom", "call calls"),
  entry("starter|boilerplate|scaffold|skeleton|template|blueprint|cookiecutter", "template"),
  entry("me|my|mine|myself|i|i've|i'm|own", "authenticated user self current", undefined, 0.3),
  // Time words that make a request a list or a history.
  entry("recent|recently|latest|last|newest|today|yesterday|this week|this month", "list")
]

/**
 * Every entry, verbs first (a phrase in both tables is read as the verb: "post", "charge").
 *
 * @internal
 */
export const LEXICON: ReadonlyArray<Entry> = [...VERBS, ...NOUNS]
