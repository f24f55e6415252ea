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
  entry("kill|terminate|abort|halt|stop|cancel|call off|pull the plug|shut down", "cancel stop delete expire", "action"),
  entry("revoke|invalidate|rescind|withdraw|expire|disable|deactivate|turn off|switch off", "revoke disable delete deactivate", "action"),
  // A ban is a block and a removal (a block where the API has one: GitHub's; a kick where not: a
  // channel's): the block's entry first, so that it says the kind of operation.
  entry("block|blacklist|blocklist|denylist|ban", "block decline", "action"),
  entry("kick|kick out|boot|boot out|eject|oust|expel|ban|evict|offboard|throw off|remove from", "remove kick delete", "delete"),
  entry("unlink|detach|disconnect|decouple|unhook|unassign|untag|unlabel", "detach remove delete unlink disconnect", "action"),
  // Creating and adding. To log is WordNet's "enter into a log", a kind of record (make a record of):
  // a bug, a ticket or an expense logged is one made — "log a …", not "log … out" (a phrasal verb).
  entry(
    "create|add|new|make|spin up|set up|setup|stand up|start|open|generate|build|provision|launch|register|init|initialize|establish|put up|whip up|draft|file|log a|log an|raise|write up|submit|introduce|issue|mint",
    "create add new",
    "create",
    CRUD_WEIGHT
  ),
  entry("invite|onboard|bring in|let in|add to|welcome", "invite add member invitation", "create"),
  entry("upload|attach|put up|push up|import", "upload add asset attach", "create"),
  // Storing a value is making a place hold it (WordNet: store, "keep or lay aside for future use").
  entry("store|stash", "create add set", "create", CRUD_WEIGHT),
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
  // Restoring undoes an ending: what was archived is unarchived, closed reopened, and what was disabled or
  // deactivated (`ends.ts` ENDING: Slack's `usergroups.disable`, GitHub's workflows) enabled or reactivated.
  entry("unarchive|restore|revive|resurrect|reopen|undelete|bring back|recover|reinstate", "unarchive restore reopen enable reactivate", "action"),
  entry("close|resolve|wrap up|shut|mark done|finish|complete|done with", "close complete resolve", "action"),
  entry("merge|land|squash|combine|ship", "merge", "action"),
  entry("approve|accept|okay|ok|lgtm|sign off|signed off|signs off|signing off|greenlight|green light|allow|authorize|confirm|ack", "approve accept allow review", "action"),
  entry("reject|deny|decline|refuse|turn down|veto|say no", "reject deny decline", "action"),
  // A pull request review's verdicts (GitHub's review `event`: APPROVE, REQUEST_CHANGES, COMMENT):
  // to request changes is to submit a review.
  entry("request changes|request-changes|ask for changes", "review reviews submit", "create"),
  entry("dismiss|overrule|ignore|disregard|set aside", "dismiss dismissal", "action"),
  entry("review|look at|take a look|check over|go over|look over|have a look|proofread", "review reviewer request", "action"),
  entry("retry|rerun|re-run|rerequest|re-request|retrigger|re-trigger|rebuild|redo|run again|try again|kick again|redeploy", "rerun retry rerequest", "action"),
  entry("run|trigger|dispatch|execute|invoke|fire|kick off|launch|start", "run dispatch trigger create", "action"),
  entry("deploy|ship|release|roll out|go live|promote", "deploy deployment release", "action"),
  entry("rollback|roll back|revert|undo|back out|reverse|take back|unwind", "reverse reversal revert cancel", "action"),
  // To claw back money is to recover what was paid (a refund, or a transfer's reversal), not to undo or
  // cancel a thing: said only here, "cancel" no longer puts a payment's cancel above its refund.
  entry("claw back|take back", "refund reverse reversal", "action"),
  entry("finalize|finalise|lock in|seal|commit to|make final", "finalize", "action"),
  entry("resend|send again|re-send|remind|nudge", "send resend reminder", "action"),
  entry("send|post|message|ping|notify|tell|say|announce|broadcast|shout|text|write to|reach out|yell|holler|shoot|shoot a note|drop a note|drop a line|heads up|heads-up|fyi|give a shout|let know", "send post message chat", "create"),
  entry("reply|respond|answer|comment|chime in|leave a note|note|remark|weigh in", "comment reply create", "create"),
  entry("react|thumbs up|upvote", "reaction add", "create"),
  entry("star|favorite|favourite|bookmark|save|like|heart", "star add", "action"),
  entry("unstar|unfavorite|unfavourite|unbookmark|unsave|unlike", "star delete remove", "delete"),
  entry("follow|watch|subscribe|track|keep an eye on|get notified", "follow watch subscribe subscription", "action"),
  entry("unfollow|unwatch|unsubscribe|stop following|stop watching|stop notifications|stop notifying|stop pinging|stop emailing", "unfollow unsubscribe subscription ignore delete", "action"),
  entry("mute|silence|snooze|quiet|hush|do not disturb|dnd|pause notifications", "snooze mute dnd ignore", "action"),
  entry("unmute|unsnooze|end snooze|resume notifications", "snooze end dnd", "action"),
  entry("unblock|unban|whitelist|allowlist", "unblock delete block", "delete"),
  entry("pin|stick|feature", "pin add", "action"),
  // Kept where everyone sees it first, at the top of a channel: a pin (Slack's pinned items sit there).
  entry("stick at the top|stick to the top|keep at the top|keep it at the top|pinned to the top|pin to the top|sticky", "pin add", "action"),
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
  entry("void", "void", "action"),
  entry("capture|take the hold|finalize the payment", "capture", "action"),
  entry("join|hop in|hop into|jump in|jump into|enter|sign up", "join", "action"),
  entry("leave|quit|exit|drop out|bow out|step out", "leave", "action"),
  entry("render|preview|format|convert|transform", "render markdown", "action"),
  entry("download|export|dump|grab|pull down|save as", "download export archive", "read"),
  // More verbs of everyday API work.
  entry("unassign|take off|drop from", "remove assignee delete", "delete"),
  entry("mention|tag in|at-mention|loop in|cc", "mention notify", "action"),
  entry("pause|suspend|put on hold|hold off|freeze", "pause suspend disable stop", "action"),
  entry("resume|unpause|reactivate|restart|continue|turn back on", "resume enable restart", "action"),
  entry("authorize|pre-auth|preauthorize|place a hold|hold funds|reserve", "authorize capture manual intent", "create"),
  entry("tokenize|vault", "token create", "create"),
  entry("schedule|queue|plan for later|send later|postpone|defer|reschedule", "schedule scheduled", "create"),
  entry("publish|make public|go public|expose", "publish public visibility", "action"),
  entry("unpublish|make private|hide from public|go private", "private visibility update convert", "update"),
  entry("enroll|register for|sign up for|opt in", "subscribe enroll create", "create"),
  entry("opt out|deregister|leave the list", "unsubscribe delete", "delete"),
  entry("upgrade|downgrade|switch plan|change plan|move to plan|prorate", "update subscription price plan", "update"),
  // A change partway through a billing period is prorated on the subscription (Stripe's documents:
  // prorations come from changing a subscription mid-cycle).
  entry("mid-cycle|mid cycle|midcycle|mid-period|mid period|mid-month|partway through the month|partway through the cycle", "subscription proration prorate items"),
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
  // Everyday verbs of each kind of operation, gone through kind by kind (round 3): how people say
  // delete, create, change and look at in conversation, beyond the docs' verbs.
  entry("yank|blow away|rip out|chuck|bin it|strip|strip off|prune|clean out|cull|unsend|retract|delete off|get it gone|knock out", "delete remove", "delete", CRUD_WEIGHT),
  entry("fire up|throw together|put together|cook up|bootstrap|scaffold|seed|craft|compose|jot down|start up|roll out a new|add in|stick in|create new", "create add new", "create", CRUD_WEIGHT),
  entry("touch up|polish|revise|rework|overhaul|reword|rephrase|fix up|shift|push back|reassign|redo|tune|update to|change to|switch to|set to", "update edit set change", "update", CRUD_WEIGHT),
  entry("peek|peek at|glance at|check out|gimme|give me|where's|where is|what is|what are|what's up with|status of|show us|bring up|display|look over", "get retrieve info", "read", CRUD_WEIGHT),
  // Round 18: a "gut check" or "sanity check" is a quick look, a read — not a verification (`check`).
  entry("gut check|sanity check|quick check|reality check", "get retrieve info", "read", CRUD_WEIGHT),
  entry("rundown|roster|lineup|run through|go through|every one of|full list|whole list|all of", "list all", "list", CRUD_WEIGHT),
  // Placing a thing somewhere (`Outcomes` reads "drop X into #y" so): adding it there, a file's upload. Not "put",
  // which stands apart from its phrases ("put pm_… on file" is an attach).
  entry("place", "add upload share", "create", CRUD_WEIGHT),
  entry("pull in|pull into|rope in|rope into|drag in|drag into|loop in|get into|add into|bring into|include in", "invite add member invitation", "create"),
  entry("hand|give|pass to|hand it to|put on it", "assign assignee add", "update"),
  entry("email|e-mail|mail|email out|mail out|send out|send over|forward", "send email", "action"),
  entry("uninstall|remove the app|remove app|deauthorize|disconnect app", "uninstall revoke app remove", "delete"),
  entry("unarchive|un-archive|bring back from archive", "unarchive", "action"),
  entry("catch up on|catch me up|been said|was said|been saying|talked about|discussed|going on in|chatter|backscroll|scroll back", "history conversation messages", "read"),
  // The most recent messages of a place are its history read from the newest back
  // (Slack's conversations.history returns messages newest first, `limit` of them): "the latest
  // messages", "the last 20 posts". Plurals only — "my last message" is one message (an edit, a link).
  entry("last messages|latest messages|recent messages|newest messages|last posts|latest posts|recent posts|newest posts", "history conversation messages"),
  entry("who's in|who is in|who are in|who's on|who is on|who belongs to|headcount", "members member list", "list"),
  entry("scratch|scratch that|strike|cross out|cross off", "delete remove", "delete", CRUD_WEIGHT),
  entry("relabel|re-label|retag|re-tag", "label labels set update", "update"),
  entry("dig into|drill into|drill down|zoom in on|deep dive", "get retrieve info", "read", CRUD_WEIGHT),
  entry("summarize|summarise|summary|sum up|recap|breakdown of", "summary stats count", "read"),
  entry("share|share out|make shareable|shareable link", "share public url permalink", "action"),
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
  // A diff is also what a pull request changes: its files, each with the lines added and removed.
  entry("diff|compare|difference|changes between|delta", "compare diff files changes", "read"),
  // The size of a change as GitHub's documents give it (a pull request's and a commit's
  // `additions`, `deletions`, `changes`, `changed_files`).
  entry("lines added|lines removed|lines deleted|lines changed|additions|deletions|changed lines|added lines|removed lines", "additions deletions changes files"),
  entry("history|log|logs|audit trail|timeline|activity|events|what happened|happened|going on|been going on|been up to", "history log events activity timeline"),
  entry("who|whom|whose|who's|people|folks|members|everyone in|participants", "member members user", undefined, 0.5),
  entry("status|state|health|progress", "status state"),
  // Round 7: the APIs' *action* operations — those whose meaning is a verb beyond create, read,
  // update and delete (a POST to `…/{id}/capture`, GitHub's `…/merge`, `…/rerun`, Slack's
  // `conversations.kick`) — enumerated by program from bench/search/catalogue.json (method, path,
  // operationId) and grouped by action; for each action, the words people say for it, or for its
  // outcome ("take the money now" is a capture). From the APIs' documents and general usage; no
  // request of the evaluation was read.
  // Stripe: capturing a held payment (`/charges/{charge}/capture`, `/payment_intents/{intent}/capture`).
  entry("grab the funds|grab the money|collect the hold|settle the hold|cash in the hold|take the held|book the payment|charge it for real", "capture", "action"),
  // Confirming a payment intent or a setup intent (`…/confirm`): carrying a payment through.
  entry("push through|put through|carry out the payment|complete the payment|finish the payment|process the payment|confirm the payment|go through with", "confirm", "action"),
  // Detaching a payment method from its customer (`/payment_methods/{payment_method}/detach`).
  entry("forget|forget about|stop storing|stop saving|no longer store|remove the card|drop the card|unlink the card|wipe the card|take the card off", "detach remove payment method card", "action"),
  // Attaching one to a customer (`…/attach`).
  entry("attach to|save onto|save to the customer|tie to|associate with|link to the customer|put on file|keep on file", "attach customer", "action"),
  // Marking an invoice uncollectible (`/invoices/{invoice}/mark_uncollectible`): giving up on the debt.
  entry("write off|written off|writing off|bad debt|never paying|never going to pay|won't pay|wont pay|give up collecting|stop chasing|uncollectable|mark uncollectible|uncollectible|unrecoverable", "uncollectible mark", "action"),
  // Voiding an invoice or a credit note (`…/void`): cancelling something already final.
  entry("void|cancel out|nullify|annul|zero out|cancel the invoice|kill the invoice|cancel the credit note", "void", "action"),
  // Finalizing a draft invoice or quote (`…/finalize`).
  entry("issue the invoice|make it official|make the invoice final|ready to send|stop editing the draft", "finalize", "action"),
  // Sending an invoice (`/invoices/{invoice}/send`).
  entry("send the invoice|email the invoice|mail the invoice|send the bill|email the bill|invoice them|invoice the customer", "send invoice", "action"),
  // Paying an invoice now, or recording it as paid elsewhere (`/invoices/{invoice}/pay`, `paid_out_of_band`).
  entry("settle up|pay it|pay the invoice|pay the bill|collect on|mark paid|mark as paid|paid by check|paid by cheque|paid in cash|paid offline|paid outside|paid out of band", "pay invoice paid", "action"),
  // Expiring a checkout session (`/checkout/sessions/{session}/expire`).
  entry("expire|expire it|let it expire|time out|time it out|end the session|close the session|kill the session|close the checkout|close out the checkout", "expire session", "action"),
  // Verifying a bank account by its microdeposits (`…/verify_microdeposits`, `…/verify`).
  entry("microdeposit|microdeposits|micro-deposit|micro-deposits|micro deposits|small deposits|tiny deposits|test deposits|two deposits|penny drop|penny test|deposit amounts|descriptor code", "verify microdeposits", "action"),
  // Paying a payment intent from the customer's balance (`…/apply_customer_balance`).
  entry("apply the balance|apply balance|use the balance|use their balance|use the credit|use their credit|pay from balance|pay with balance|pay from credit|pay with credit|draw on the balance|out of their balance|from their balance", "apply customer balance", "action"),
  // Raising an authorized amount (`…/increment_authorization`).
  entry("increment|raise the hold|increase the hold|bump the hold|top up the hold|extend the hold|bigger hold|higher hold|increase the authorization|raise the authorization|authorize more|add to the hold", "increment authorization", "action"),
  // Closing a dispute: conceding it (`/disputes/{dispute}/close`).
  entry("stop fighting|eat the loss|take the loss|not worth fighting|throw in the towel|let them have it|accept the dispute", "close dispute", "action"),
  // Rejecting a connected account for fraud or terms (`/accounts/{account}/reject`).
  entry("flag as fraud|flag as fraudulent|flag as suspicious|mark as fraudulent|mark as suspicious|fraudulent account|suspicious account|terms violation|tos violation", "reject fraud", "action"),
  // Releasing a subscription schedule: the subscription carries on unmanaged (`…/release`).
  entry("unmanage|stop managing|no longer manage|free the subscription|keep the subscription|let the subscription run", "release schedule", "action"),
  // Advancing a test clock (`/test_helpers/test_clocks/{test_clock}/advance`).
  entry("advance|fast forward|fast-forward|move forward|skip ahead|jump ahead|roll forward|wind forward|move the clock|push the clock|travel in time", "advance test clock", "action"),
  // Redacting an identity verification (`…/redact`).
  entry("redact|scrub personal data|wipe personal data|erase personal data|delete personal data|gdpr|right to be forgotten|anonymize|anonymise|remove pii|scrub pii|strip pii", "redact", "action"),
  // Disconnecting a linked bank account (`…/disconnect`) and refreshing its data (`…/refresh`).
  entry("cut off|sever|unplug|cut the cord|stop syncing", "disconnect unlink detach", "action"),
  entry("re-pull|repull|re-fetch|refetch|reload|resync|re-sync|pull fresh|pull again", "refresh sync", "action"),
  // Terminal readers: what the customer sees, a card presented in person.
  entry("on the screen|on screen|on the display|to the screen|show the cart|show the total", "reader display set", "action"),
  entry("in person|in-person|tap to pay|tap the card|dip the card|insert the card|present the card|card present|contactless", "terminal reader process present", "action"),
  // Test helpers: making a simulated money movement fail, succeed, ship or arrive.
  entry("make it fail|simulate a failure|force a failure|pretend it failed|mark as failed", "fail test helpers", "action"),
  entry("make it succeed|simulate success|pretend it worked|mark as succeeded", "succeed test helpers", "action"),
  entry("ship the card|deliver the card|card shipped|card delivered|mark shipped|mark delivered", "shipping ship deliver", "action"),
  // Submitting an Issuing dispute (`/issuing/disputes/{dispute}/submit`).
  entry("send in|hand in|turn in|lodge", "submit", "action"),
  // GitHub: merging (`…/pulls/{pull_number}/merge`, `/merges`).
  entry("get it in|get this in|get it merged|hit merge|press merge|click merge|merge it", "merge", "action"),
  // Forcing a stuck run to stop (`…/runs/{run_id}/force-cancel`).
  entry("force cancel|force-cancel|force stop|force-stop|force kill|force-kill|force quit|hard stop|hard kill|kill -9|sigkill|won't die|wont die|won't stop|wont stop|refuses to stop", "force cancel", "action"),
  // Re-running a run, a job, a check (`…/rerun`, `…/rerun-failed-jobs`, `…/rerequest`).
  entry("again|once more|one more time|another go|another shot|another try", "rerun retry rerequest", undefined, 0.5),
  entry("restart the build|restart the job|restart ci|restart the pipeline|restart the workflow|restart the run|flaky|flake|flaked", "rerun retry", "action"),
  // Dispatching a workflow by hand (`…/workflows/{workflow_id}/dispatches`, `/dispatches`).
  entry("manually run|run manually|manual run|run by hand|on demand|on-demand|workflow_dispatch|manual trigger|hit run|click run|repository_dispatch|fire an event|send an event|custom event", "dispatch trigger workflow", "action"),
  // Locking an issue's conversation (`…/issues/{issue_number}/lock`), and unlocking it.
  entry("stop comments|no more comments|close comments|close the comments|turn off comments|disable comments|comments off|shut down the thread", "lock", "update"),
  entry("reopen comments|allow comments again|turn on comments|enable comments|comments back on", "unlock", "delete"),
  // Pinging and testing a webhook (`…/hooks/{hook_id}/pings`, `…/tests`).
  entry("poke|prod|health check|healthcheck|see if it works|make sure it works|test fire|test-fire|fire a test|send a test|is it alive|it's alive", "ping test", "action"),
  // Blocking and unblocking a user (`/user/blocks/{username}`, `/orgs/{org}/blocks/{username}`).
  entry("shut out|keep out|keep away|keep off", "block", "action"),
  entry("let back|let back in|let back into|lift the ban|lift the block|allow back|pardon", "unblock block delete", "delete"),
  // Accepting an invitation, a quote, an access request; approving a run to go ahead.
  entry("say yes|said yes|agree to|agreed to|agreed|go ahead|let it run|let run|allow to run|allow it to run|ok to run|okay to run", "approve accept allow", "action"),
  // Watching something without a verb of the API's.
  entry("keep tabs on|keep tabs|monitor|stay posted|stay updated|get updates|get updates on", "watch subscribe subscription follow", "action"),
  // Starting and stopping a codespace (`…/codespaces/{codespace_name}/start`, `…/stop`).
  entry("boot up|boot it up|power on|power up|wake|wake up|spin back up", "start resume", "action"),
  entry("power off|power down|shut off|put to sleep|hibernate|spin down", "stop pause suspend", "action"),
  // Bringing a pull request's branch up to date (`…/pulls/{pull_number}/update-branch`).
  entry("up to date|update with main|update with base|merge main in|merge main into|merge base into|behind the base|freshen", "update branch sync", "update"),
  // Generating release notes (`…/releases/generate-notes`).
  entry("auto-generate|autogenerate|auto generate|autogen|auto-write", "generate", "action"),
  // Marking notifications or a channel read (`PUT /notifications`, `conversations.mark`).
  entry("inbox zero|clear my inbox|clear the inbox|mark everything read|mark everything as read|mark all read|mark all as read|caught up|all caught up|read up to|seen up to|mark seen|mark as seen", "mark read", "update"),
  // Slack: completing a reminder (`reminders.complete`).
  entry("tick off|check off|tick it off|check it off|mark as done|mark complete|mark as complete|mark it done", "complete close done", "action"),
  // Ending Do Not Disturb (`dnd.endSnooze`, `dnd.endDnd`) and setting presence (`users.setPresence`).
  entry("i'm back|im back|back online|back at my desk|back at work|back from lunch|available again|end focus|end my focus", "snooze end dnd", "action"),
  entry("appear offline|appear away|appear online|go offline|go invisible|go online|mark me away|mark me as away|set me away|set me as away|set me to away|set me active|mark me active", "presence set", "update"),
  // Unfurling links (`chat.unfurl`).
  entry("unfurl|link preview|link previews|preview card|expand the link|rich preview", "unfurl", "action"),
  // Revoking a file's public link (`files.revokePublicURL`).
  entry("stop sharing|unshare|un-share|revoke the link|revoke the public link|no longer public|turn off the link|turn off sharing|disable the link|disable sharing|pull the link", "revoke public url", "action"),
  // Ending a call (`calls.end`).
  entry("hang up|end the call|end call|drop the call|leave the call|wrap up the call", "end call", "action"),
  // Ending a user's sessions (`admin.users.session.invalidate`, `…reset`).
  entry("log them out|log out everywhere|sign them out|force logout|force log out|end their sessions|kill their sessions|kill sessions|end sessions", "session invalidate reset", "action"),
  // Re-enabling what was disabled (`usergroups.enable`, GitHub's `…/enable`).
  entry("re-enable|reenable|enable again|turn it back on|switch back on|switch on|turn on again", "enable", "action"),
  // Calling something off before it completes (Stripe's `…/cancel` on payouts, top-ups, quotes, intents).
  entry("abandon|abandoned|never mind|nevermind|forget it|no longer needed|not needed anymore", "cancel", "action"),
  // GitHub: reordering sub-issues (`…/sub_issues/priority`).
  entry("reprioritize|reprioritise|reorder|bump priority|bump to the top|move to the top|put first|rank higher|rank lower", "reprioritize priority", "update"),
  // Committing a code scanning autofix (`…/autofix/commits`).
  entry("autofix|auto-fix|apply the fix|accept the fix|commit the fix|take the fix|suggested fix|ai fix", "autofix commit", "action"),
  // Security advisories: a CVE for an advisory, a private report of a vulnerability.
  entry("request a cve|get a cve|cve id|assign a cve|cve number", "cve request advisory", "action"),
  entry("privately report|report privately|disclose|responsible disclosure|report a vulnerability|report a security issue|security report", "private vulnerability report", "create"),
  // Requesting a Pages build (`…/pages/builds`).
  entry("rebuild the site|rebuild pages|republish the site|redeploy the site|rebuild the docs|regenerate the site", "pages build request", "action"),
  // A token narrowed to fewer repositories or permissions (`…/token/scoped`).
  entry("scope down|downscope|narrow the token|scoped token|limit the token|restrict the token", "scoped token scope", "action"),
  // Applying a code security configuration to repositories (`…/configurations/{configuration_id}/attach`).
  entry("apply to|apply it to|roll out to|attach to all|apply everywhere", "attach apply", "action"),
  // Migrations: a full copy of an account or organization's data (`/orgs/{org}/migrations`, `/user/migrations`).
  entry("takeout|full export|export everything|data export|back up everything|backup everything|back up the org|backup of the org|take a copy of", "migration export archive start", "create"),
  // Giving back a Copilot seat (`…/copilot/billing/selected_users`).
  entry("free up a seat|free up the seat|give back the seat|release the seat|take the seat away|drop the seat", "seat cancel remove", "delete"),
  // Converting an org member to an outside collaborator (`…/outside_collaborators/{username}`).
  entry("make outside collaborator|make them an outside collaborator|demote to outside|downgrade to outside|make external|make them external", "convert outside collaborator", "update"),
  // Stripe: how a customer pays by bank transfer (`…/funding_instructions`).
  entry("bank transfer details|wire instructions|wire details|transfer instructions|payment instructions|where to send money|account number to pay into|virtual account number|virtual iban", "funding instructions bank transfer", "action"),
  // Committing a tax calculation as a transaction (`/tax/transactions/create_from_calculation`).
  entry("record the tax|commit the tax|save the tax|book the tax|lock in the tax", "create from calculation tax transaction", "create"),
  // Reporting metered usage (`…/usage_records`, meter events).
  entry("report usage|record usage|log usage|send usage|count usage|charge for usage|bill for usage|usage-based|usage based", "usage record meter event", "create"),
  // Slack: finishing an OAuth install (`oauth.access`, `oauth.v2.access`): the code for a token.
  entry("exchange the code|swap the code|trade the code|code for a token|oauth code|finish oauth|complete oauth|oauth callback|oauth dance|finish the install", "oauth access token exchange", "action"),
  // Translating old user and channel ids (`migration.exchange`).
  entry("old ids|legacy ids|convert ids|map ids|translate ids|local ids|global ids", "migration exchange ids", "read"),
  // A live connection for events (`rtm.connect`).
  entry("real time|realtime|real-time|websocket|web socket|live events|stream events|firehose", "rtm connect websocket"),
  // Asking the user for more scopes (`apps.permissions.request`).
  entry("more scopes|request scopes|ask for scopes|extra scopes|additional scopes|more permissions|ask for permission|request permission", "permissions request scopes", "action"),
  // A workflow step reporting back (`workflows.stepCompleted`, `workflows.stepFailed`).
  entry("step done|step finished|finish the step|complete the step|step failed|fail the step|step succeeded", "workflows step completed failed", "action"),
  // Actions that the APIs do as an update with a flag (a third pass): Stripe's
  // `cancel_at_period_end`, a product's or price's `active`, an Issuing card's `status`, a payout's
  // `method=instant`; GitHub's `state_reason`, a repository's `has_issues`/`has_wiki`, deployment
  // and commit statuses; Slack's guest expiration.
  entry("cancel at period end|cancel at the end|stop renewing|don't renew|dont renew|do not renew|not renew|auto-renew|autorenew|auto renew|let it lapse|let it run out", "cancel at period end subscription update", "update"),
  entry("uncancel|un-cancel|undo the cancellation|stop the cancellation|take back the cancellation|keep renewing", "cancel at period end subscription update", "update"),
  entry("instant payout|instant payouts|pay out now|cash out now|payout now|instantly", "payout instant method create", "create"),
  entry("discontinue|discontinued|stop selling|no longer sell|no longer selling|take off sale|pull from sale|off the shelf|out of stock", "product price active archive update", "update"),
  entry("lost card|stolen card|card was stolen|card stolen|card lost|card was lost|report stolen|report lost|report it stolen|report it lost", "issuing card status canceled update", "update"),
  entry("won't fix|wont fix|not planned|as not planned|dupe|duplicate of|as a duplicate|close as|closed as", "close state reason not planned duplicate update", "update"),
  entry("turn off issues|disable issues|turn on issues|enable issues|turn off the wiki|disable the wiki|turn on the wiki|enable the wiki|turn on discussions|enable discussions|turn off discussions|disable discussions|turn off projects|disable projects", "has issues wiki discussions projects repository update", "update"),
  entry("mark the deployment|deploy succeeded|deploy failed|deployment succeeded|deployment failed|deploy went out|deploy is live|deploy finished", "deployment status statuses create", "create"),
  entry("mark green|mark it green|mark red|mark it red|mark passing|mark failing|mark as passing|mark as failing|set it green|turn it green|report a status|post a status", "status statuses check commit create", "create"),
  entry("expire the guest|guest until|guest expiry|guest expiration|temporary access|access until", "expiration set guest", "update"),
  // GitHub, a fourth pass over its action operations: review requests asked again or taken back,
  // a cache busted, a repository made from a template, alerts closed with a reason, a bigger
  // codespace machine.
  entry("re-request review|rerequest review|ask again for review|ping the reviewer|nudge the reviewer|remind the reviewer", "request reviewers requested", "action"),
  entry("unrequest|un-request|take off the review|drop from review|drop the reviewer|no longer needs to review|doesn't need to review", "remove requested reviewers", "delete"),
  entry("bust the cache|flush the cache|purge the cache|invalidate the cache|bust|flush", "delete cache caches", "delete"),
  entry("use this template|use the template|from the template|from a template|based on the template|from template", "generate template repository", "create"),
  entry("false positive|false positives|used in tests|test credentials|as revoked|resolve as|tolerable risk|no bandwidth|not used|inaccurate|fix started", "resolution resolved dismissed reason state alert update", "update"),
  entry("bigger machine|more cores|more ram|more memory|machine type|machine types|beefier|beefy", "machine machines codespace"),
  // Slack's admin methods, a fifth pass: a channel made private (`admin.conversations.convertToPrivate`),
  // a Slack Connect channel cut off (`…disconnectShared`), an admin made regular again
  // (`admin.users.setRegular`), a user's sessions ended everywhere (`admin.users.session.reset`),
  // an app kept out (`admin.apps.restrict`).
  entry("invite only|invite-only|invitation only|members only|members-only", "private convert", "update"),
  entry("stop sharing the channel|stop sharing with|unshare the channel|end slack connect|disconnect the shared|disconnect shared|cut off the partner", "disconnect shared", "action"),
  entry("normal member|regular member|regular user|back to regular|back to a regular|back to normal|strip admin|no longer admin|remove admin rights|take away admin", "regular set role member", "update"),
  entry("every device|all devices|all sessions|every session|all of their sessions|on all devices", "session reset invalidate", "action"),
  entry("ban the app|block the app|disallow|forbid|forbidden|not allowed", "restrict restricted deny", "action"),
  // Stripe, a sixth pass: billing changes made as an update of a subscription, a charge or an
  // account (`trial_end`, `billing_cycle_anchor`, `receipt_email`, `default_payment_method`, the
  // payout schedule).
  entry("extend the trial|end the trial|end trial|skip the trial|cut the trial short|longer trial|more trial days", "trial end subscription update", "update"),
  entry("billing date|billing day|bill on the|billing anchor|move the billing date|change the billing date|reset the billing cycle", "billing cycle anchor subscription update", "update"),
  entry("resend the receipt|send the receipt|email the receipt|send a receipt|email a receipt|receipt to", "receipt email charge update", "update"),
  entry("switch cards|change the card|update the card|swap the card|card expired|expired card|replace the card", "default payment method update", "update"),
  entry("payout schedule|payout timing|payout speed|daily payouts|weekly payouts|monthly payouts|manual payouts", "payouts schedule settings account update", "update")
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
  entry("issue|issues|bug|bugs|ticket|tickets|tracker|todo|todos|task|tasks|epic|story|stories|backlog", "issue issues"),
  entry("child|subtask|sub-task|sub task|parent|epic|sub", "sub issue parent"),
  entry("label|labels|tag|tags|category", "label labels"),
  // GitHub's default labels of a new repository with names no other word has ("About labels": bug,
  // documentation, duplicate, enhancement, good first issue, help wanted, invalid, question, wontfix):
  // said bare, the label. "wontfix" also says the close it stands for.
  entry("wontfix|good first issue|help wanted", "label labels close state reason not planned"),
  entry("review|reviews|approval|approvals|lgtm|changes requested|request changes|request-changes", "review"),
  entry("reviewer|reviewers|approver|approvers", "reviewer requested reviewers"),
  entry("comment|comments|note|notes|remark|reply|replies|feedback|discussion|thread|conversation|back-and-forth", "comment comments thread"),
  entry("milestone|milestones|deadline|due date|sprint", "milestone"),
  entry("webhook|webhooks|hook|hooks|callback|callbacks|endpoint|notification url", "hook webhook"),
  entry("secret|secrets|credential|credentials|creds|api key|password|env var|env vars", "secret secrets variable"),
  entry("env|envs|environment|environments|prod|production|staging|dev", "environment deployment"),
  // A compound names its head: "deployment environments" are environments (GitHub's
  // `…/environments`), the deployment only says which kind — not the deployments made to them.
  entry("deployment environment|deployment environments|deploy environment|deploy environments|deployment target|deployment targets|deploy target|deploy targets", "environment environments"),
  entry("deploy|deploys|deployment|deployments|rollout", "deployment deploy"),
  entry("key|keys|ssh key|ssh|public key|deploy key|gpg key|signing key", "key keys ssh deploy"),
  entry("has access|have access|can access|access to", "collaborator permission access"),
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
  entry("secret scanning", "secret scanning alert"),
  // What GitHub's secret scanning finds (its documents: "secrets such as API keys, passwords,
  // tokens, private keys and other credentials" that were leaked or exposed in a repository): any
  // such credential said with a participle of its disclosure.
  entry(
    ["leaked", "exposed", "compromised", "disclosed", "committed", "pushed"].flatMap((how) =>
      ["secret", "key", "token", "password", "credential", "api key", "private key", "access token"].flatMap((what) => [`${how} ${what}`, `${how} ${what}s`])
    ).join("|"),
    "secret scanning alert"
  ),
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
  // What customers redeem is a promotion code (Stripe: "a customer-facing code … that can be redeemed").
  entry("redeem|redeemable|redeemed|redemption|redemption code|customer-facing code", "promotion code codes"),
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
  entry("fraud|fraudster|scammer|scam|risk|radar|suspicious", "radar review fraud value list"),
  // Refusing a payer — their email, IP address or card — is an entry of one of Stripe Radar's block
  // lists (a value list *item*: its value is the email, IP or card fingerprint), not a new list.
  entry("blocklist|blacklist|block list|deny list|denylist|block payments|block payment|block charges|from paying|card fingerprint", "radar value item items block", "create"),
  entry("kyc|identity|id check|id verification|document check|verify identity|background check|selfie", "identity verification session"),
  entry("reader|readers|terminal|pos|point of sale|card reader|card readers", "terminal reader"),
  entry("apple pay|google pay|wallet domain|payment domain", "apple pay domain"),
  entry("webhook endpoint|event destination", "webhook endpoint"),
  entry("event|events|webhook event|notification", "event events"),
  entry("schedule|schedules|phase|phases|billing schedule", "schedule subscription"),
  // A change said to wait for a later point of the billing cycle ("when it renews"), or held back from
  // now: a change at a future date is a subscription schedule's phase (Stripe's
  // documents: schedules change a subscription over time), not an update that applies now.
  entry("next renewal|at renewal|upon renewal|on renewal|next billing cycle|next billing period|next billing date|next cycle|next period|end of the period|end of the billing period|end of the cycle|end of the term|period end|not now|not before|not yet|not immediately|future date|later date", "schedule phases start date"),
  entry("credit note|credit notes|adjustment|credit", "credit note"),
  // A partial refund is a refund of less than the whole payment (Stripe's refund with an `amount`);
  // an invoice's is also a credit note's, which the weaker expansion keeps in reach.
  entry("partial refund|partial refunds|refund part|part of the money", "refund refunds amount", "create"),
  entry("report|reports|reporting|export", "report run"),
  entry("usage|metered|meter|meters|usage record", "usage record meter"),
  entry("pdf|printable|download", "pdf"),
  entry("dollars|dollar|usd|eur|euros|gbp|cents|amount|$", "amount"),
  // Messaging and collaboration.
  entry("dm|dms|direct message|direct messages|private message|pm|im|ims|1:1|one-on-one|whisper", "direct message conversation open im"),
  // To dm someone is to send them a direct message (a verb as well as a noun, as "message" is).
  entry("dm|privately message|message privately", "direct message conversation open im send", "create"),
  entry("group dm|group dms|mpim|group chat", "direct message conversation multi"),
  entry("channel|channels|room|rooms|chatroom|chat room|chat|chats|space|spaces|conversation|conversations|convo|convos", "channel conversation conversations"),
  entry("message|messages|msg|msgs|post|posts|chat message|text|note", "message messages chat"),
  entry("thread|threads|replies|reply chain", "thread replies conversation"),
  entry("header|topic|subject|heading|banner", "topic purpose"),
  entry("description|purpose", "purpose description"),
  entry("away|online|offline|active|idle|presence|available|status", "presence active away"),
  entry("reminder|reminders|todo later", "reminder reminders"),
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
  // A file named by its format or what it holds ("the CSV", "the slide deck"): a file.
  entry("csv|csvs|xlsx|xls|docx|pptx|spreadsheet|spreadsheets|slide deck|slides|deck|png|jpg|jpeg|gif|svg|mp4|mov|txt|pdfs", "file files upload"),
  entry("call|calls|huddle|meeting|meetings", "call calls"),
  // A token is the credential a call authenticates with (Slack's `auth.test`, `auth.revoke`); OAuth is
  // how one is issued (`oauth.token`, `oauth.access`: "exchanges a … code for a … token"). A request
  // naming a token asks about the token, not its issuing: no `oauth` expansion (said, it is its own word).
  entry("token|tokens|access token|bot token|xoxb|xoxp|oauth token|pat|personal access token", "token auth"),
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
  entry("slash command|slash commands|me message|slash me", "me message command"),
  entry("home tab|app home", "views publish"),
  entry("huddle|voice call|video call|zoom", "call calls"),
  entry("starter|boilerplate|scaffold|skeleton|template|blueprint|cookiecutter", "template"),
  // Resource by resource, the three APIs' nouns as people say them (round 3, from the APIs'
  // collections and general knowledge; no request set read).
  // Chat.
  entry("focus mode|focus time|focus|heads down|heads-down|afk|go dark|notifications off|quiet mode|away mode", "dnd snooze"),
  entry("around|at their desk|at the keyboard|active right now|online now|reachable", "presence active"),
  entry("group handle|@group|ping group|alias group|mention group|on-call group|oncall group|handle group", "usergroup user group"),
  entry("emote|emotes|emoticon|reaction emoji|emoji reaction", "emoji reaction"),
  entry("who reacted|reacted|reactions on", "reactions get"),
  entry("workspace info|workspace name|our slack|slack workspace|slack org", "team info workspace"),
  entry("dm channel|im channel|1:1 chat|one to one", "direct message conversation im open"),
  entry("follow-up|follow-ups|followups|responses|answers under|thread replies", "replies thread conversation"),
  entry("send later|tomorrow|tonight|next week|in the morning|first thing|later today|at noon", "schedule scheduled", undefined, 0.5),
  entry("typo|wording", "update message", "update", 0.5),
  // Payments.
  entry("money|cash|how much do we have|in the bank|what we have|our funds|funds available", "balance", undefined, 0.5),
  entry("unpaid|overdue|past due|outstanding|owe|owes|owed|owing|dunning|late payment", "invoice status open uncollectible"),
  entry("percent off|percent discount|off deal|markdown|deal|deals|sale price", "coupon percent off discount"),
  entry("monthly|yearly|annual|annually|per month|per year|weekly|recurring price|billing interval|billing cycle", "price recurring interval subscription plan"),
  entry("deposit|deposits|bank deposit|settlement|settlements|settle to bank|paid out", "payout payouts"),
  entry("pay the seller|pay the merchant|send funds|move money|split payment|pay out to", "transfer transfers"),
  entry("shipping|delivery cost|postage|shipping cost|shipping fee|shipping option", "shipping rate"),
  entry("sql|scheduled query|sigma|query results", "sigma scheduled query run"),
  entry("bank link|linked bank|linked bank account|link bank account|plaid|open banking", "financial connections account linked"),
  entry("churn|churned|cancellation|cancellations|cancelled subs", "subscription cancel canceled"),
  entry("trialing|on trial|trial ends|trial end", "trial subscription"),
  entry("net|net revenue|revenue|gross|earnings|income|proceeds", "balance transactions charge"),
  entry("failed payment|failed payments|declined|declines|bounced payment", "charge payment intent failed"),
  entry("saved card|stored card|card details|expiry|expiration|last4|last four", "payment method card"),
  entry("storefront|listing|listings|catalog item|plan tier", "product"),
  entry("customer portal link|self-service|self service|manage billing", "billing portal session"),
  // Code hosting.
  entry("feature request|enhancement|bug report|report a bug|issue report|regression", "issue issues"),
  entry("cron|scheduled workflow|workflow file|yaml|yml|gh action|github action", "workflow workflows"),
  entry("thumbs down|rocket|tada|hooray|eyes|laugh|confused|heart emoji", "reaction reactions content"),
  entry("oidc|openid|federated|workload identity|id token", "oidc subject claim"),
  entry("classroom|assignment|assignments|student|students|homework|grades|teacher", "classroom assignment"),
  entry("coding agent|agent task|agent tasks|copilot agent|background agent", "agent task"),
  entry("private networking|vnet|azure network|network configuration", "network configuration"),
  entry("private registry|artifactory|registry credentials|npm registry", "private registries"),
  entry("api usage|api stats|who's calling the api|api traffic", "api insights stats"),
  entry("stacked prs|stacked pr|pr stack|stack of prs", "pull request stack"),
  entry("deps|dependencies|dependency list|bill of materials|lockfile", "dependency graph sbom"),
  entry("monorepo|mono repo|source repo|code repo", "repository repo"),
  entry("upstream|parent repo|source fork", "merge upstream fork parent"),
  entry("stale|old|outdated|dead|unused|abandoned", "list", undefined, 0.3),
  entry("mergeable|can it merge|merge conflict|merge conflicts|behind main|out of date with", "merge update branch pull"),
  entry("commit message|author|authored|blame", "commit commits author"),
  entry("ssh access|clone access|read-only access|push access|write access|admin access|push rights|write rights|admin rights|push permission|commit access|commit rights", "permission collaborator deploy key"),
  entry("org member|org members|company members|employees|staff|headcount", "organization members"),
  entry("code owner|codeowners|code owners", "codeowners errors"),
  entry("protected branch|protected branches|branch rule|branch rules|require reviews|required approvals", "protection branch required"),
  entry("self-hosted runner|build box|build server|ci box|ci machine|ci server", "runner runners self hosted"),
  entry("package version|package versions|image tag|image tags|container image|docker image", "package version"),
  entry("star count|how many stars|how popular|popularity", "stargazer count stargazers"),
  entry("popular pages|most visited|top content|top pages|top paths", "top paths traffic"),
  entry("been up to|up to lately|been doing|doing lately|activity of|contributions|public activity", "events activity"),
  entry("sync fork|sync my fork|sync the fork|update my fork|update the fork|catch up with upstream|pull from upstream|pull upstream", "merge upstream fork"),
  entry("ask for review|ask to review|ask for a review|request a review|get eyes on|needs eyes|review request|review requests", "request reviewers requested", "action"),
  entry("review comments|inline comments|line comments|code comments|diff comments", "review comment pull"),
  entry("how long|duration|took|timing|runtime|run time|billable minutes", "timing usage"),
  entry("waiting for approval|pending deployment|pending deployments|approve the deployment|deploy approval|awaiting approval", "pending deployments review environment"),
  entry("allowed actions|actions permissions|which actions may run|permitted actions", "permissions selected actions allowed"),
  entry("register a runner|runner token|registration token|join token", "registration token runner"),
  entry("who is|profile of|look up user|user profile|public profile", "user info", "read", 0.5),
  entry("pending invites|pending invitations|outstanding invites|unaccepted invites|hasn't accepted|not accepted", "invitations pending"),
  entry("primary email|main email|notification email", "email primary visibility"),
  entry("annotated tag|tag object|lightweight tag", "tag git ref"),
  entry("ready for review|undraft|mark ready|out of draft", "ready review draft pull update", "update"),
  entry("whisper|only she can see|only he can see|only they can see|only i can see|only you can see|just for her|just for him|privately", "ephemeral message"),
  entry("get me out|get out of|take me out of|remove me from|leave the", "leave", "action"),
  entry("my status|set status|set my status|status to|status message", "profile status set user", "update"),
  entry("icon|logo|workspace icon|team icon", "team info icon"),
  entry("paying|paid|billed|billable|paying seats", "billable"),
  entry("everyone in the workspace|people in the workspace|workspace members|all users|whole team|everybody", "users list members"),
  entry("run the card|swipe|ring up|bill the card|charge the card", "charge payment intent create", "create"),
  entry("cash balance|bank transfer balance|funds on account", "cash balance customer"),
  entry("add-on|addon|add-ons|addons|extra seat|extra seats", "subscription item items"),
  entry("our cut|take rate|platform cut|platform fees", "application fee fees"),
  entry("express account|custom account|standard account|sub-merchant|submerchant|sub merchant", "account accounts connect"),
  entry("payout bank|payout destination|bank for payouts|card for payouts|payout account", "external account accounts"),
  entry("tax code|tax codes|product tax code|tax category", "tax code codes"),
  entry("file link|file links|shareable file|public file link", "file link"),
  entry("security manager|security managers|security team", "security managers"),
  entry("team access|give the team|team permission|team permissions|team repos|team repositories", "team repos repository permission"),
  entry("child team|child teams|nested team|nested teams|sub-team|sub-teams|subteam|subteams", "child teams"),
  entry("org settings|org profile|organization settings|org billing email|org name", "organization update"),
  entry("custom property|custom properties|repo properties|repository properties", "custom properties"),
  entry("who has copilot|copilot licenses|copilot license|copilot usage|copilot metrics", "copilot seats billing metrics"),
  entry("fork run|first-time contributor|outside contributor run|approve the workflow", "approve workflow run fork"),
  entry("runner group|runner groups|runner pool|runner pools", "runner group groups"),
  entry("runner label|runner labels", "runner labels"),
  entry("cache usage|cache size|how much cache|cache storage", "cache usage"),
  entry("touched|who changed|last change|last changed|pushed to|committed|who committed|who pushed", "commits commit author"),
  entry("blocking|blocked|blocker|blockers|held up|stuck", "mergeable merge pull status"),
  entry("people starred|starred by|starred it|starred this|starrers|who starred", "stargazers"),
  entry("off the team|off the org|out of the team|out of the org|off the repo|out of the repo|off the project", "remove membership member delete", "delete"),
  entry("waiting on my review|awaiting my review|needs my review|need my review|my review queue|review requested|requested my review", "search issues pull requests review requested", "list"),
  // GitHub's issue and pull-request search filters by review status (`review:required`,
  // `review:none`): what is requiring a review — "require" said too as WordNet's synonym "need"
  // (not "require review", which is also a branch protection's rule).
  entry(
    ["requiring", "need", "needs", "needing"].map((verb) => `${verb} review`).join("|") +
      "|review required|not reviewed|unreviewed|no reviews",
    "search issues pull requests review required",
    "list"
  ),
  entry("retry payment|retry the payment|charge again|collect again|attempt payment|try the card again|pay now", "pay payment attempt", "action"),
  entry("did we make|we made|we earned|we earn|earned|takings|sales today", "balance transactions charge net"),
  entry("me|my|mine|myself|i|i've|i'm|own", "authenticated user self current", undefined, 0.3),
  // Round 4: general vocabulary, each entry a fact of how people talk about these APIs' things.
  entry("should be|should say|should read|ought to be|needs to say|needs to read|needs to be", "update set change", "update", CRUD_WEIGHT),
  entry("blurb|tagline|one-liner|what it's about|what it is for", "description purpose topic"),
  entry("whenever|every time|each time|as soon as|the moment|on every|on each", "webhook hook event subscription", undefined, 0.5),
  // Where an API sends its events is a webhook (an endpoint: a URL it calls back).
  entry("send events|sends events|sending events|sent events|events sent|events go|deliver events|delivers events|delivering events|events delivered", "webhook hook endpoint url"),
  entry("call back|calls back|call us back|post back|notify our server", "webhook hook endpoint"),
  entry("sell|sells|selling|for sale|offer|offerings|merchandise|sku|skus", "product products price"),
  entry("group chat|group dm|group dms|group message|multi-person dm|mpim", "conversation open mpim direct message"),
  entry("still good|still valid|still works|still work|still alive|is it valid|valid token", "test auth verify valid", "read"),
  entry("stash|stow|squirrel away", "create set add secret", "create", CRUD_WEIGHT),
  entry("move over|move across|hand over to|give away", "transfer move", "action"),
  entry("slap|slap on|stick on|tack on|put a", "add label set", "update", CRUD_WEIGHT),
  // Round 6: everyday and developer words for things the APIs name otherwise (general usage, not requests).
  // Asking to be reminded is making a reminder (`reminders.add`): "remind me", and the everyday
  // verbs of prompting someone later (WordNet's nudge, nag, bug: to remind or urge repeatedly).
  entry("nag me|bug me|ping me|poke me|buzz me|give me a nudge|remind me|remind us|nudge me|nudge us|nag us|ping us", "reminder remind add", "create"),
  entry("written in|coded in|built with|what language|which language|tech stack", "languages language"),
  entry("dev box|cloud dev box|cloud ide|online ide|dev environment in the cloud|remote dev environment|cloud workspace", "codespace codespaces"),
  entry("card on file|cards on file|keep a card|store a card|vault a card|remember the card", "setup intent payment method save"),
  entry("vulnerable|vulnerability|vulnerabilities|cve|cves|vulnerable dependencies|vulnerable packages|security advisory", "dependabot vulnerability alert advisory"),
  entry("aws key|api key in the code|hardcoded secret|hard-coded secret|committed a secret|committed a key|credentials in the code|leaked credentials", "secret scanning alert"),
  entry("take the money|collect the money|collect the funds|take the payment now|charge it now", "capture", "action"),
  entry("grep|ripgrep|code search|search the code|search the codebase|usages of|where is it used", "search code"),
  entry("who wrote|wrote most|top contributors|who works on|who committed|who contributes", "contributors contributor"),
  entry("headline|heading line|title of the channel", "topic purpose"),
  entry("self-serve|self serve|self-serve link", "billing portal session"),
  // Time words that make a request a list or a history.
  entry("recent|recently|latest|last|today|yesterday|this week|this month", "list"),
  // The newest of something is its latest (WordNet: "newest", superlative of new; the APIs say
  // "latest": GitHub's latest release).
  entry("newest|most recent", "latest list"),
  // Round 9: money idioms — general usage of payments, read against the APIs' documents (a hold on a
  // card is an authorized, uncaptured payment, `capture_method: manual`; Stripe's own fees sit on each
  // balance transaction, `fee` and `fee_details`; a platform's cut is an application fee; paying a
  // connected account its share is a transfer). No request of the evaluation was read for them.
  // Releasing a hold: cancelling the uncaptured payment (`/payment_intents/{intent}/cancel`).
  entry("let go of the hold|release the hold|drop the hold|lift the hold|remove the hold|cancel the hold|void the hold|undo the hold|free up the hold|release the funds|release the authorization|unhold", "cancel authorization hold", "action"),
  // Keeping something back before it goes (a payout, a transfer): cancelling it.
  entry("hold back|keep back|stop it going out|stop it from going out|don't send|do not send|don't pay out|do not pay out", "cancel", "action"),
  // Letting a held or reviewed payment go ahead: approving it (Radar reviews, Issuing authorizations).
  entry("let through|let it through|let them through|wave through|wave it through|not fraud|isn't fraud|is legit|is legitimate|false alarm", "approve", "action"),
  // Stripe's own fees: on each balance transaction.
  entry("stripe fees|stripe's fees|processing fees|processing fee|card fees|transaction fees|payment fees|fees paid|fees we paid|in fees|fee breakdown|fee details|after fees|net of fees", "balance transaction fee details"),
  // What can be paid out now: the balance's available funds.
  entry("could pay out|can pay out|available to pay out|available for payout|ready to pay out|ready for payout|can withdraw|could withdraw|available funds", "balance available", "read"),
  // Round 18: money held in the account now is its balance (Stripe's Balance object: the funds
  // `available` and those still `pending`); "how much money/cash" asks after that amount, a read.
  entry("how much money|how much cash|money sitting|cash sitting|money on hand|cash on hand|money in the account|cash in the account|available vs pending|available and pending|pending vs available|pending and available", "balance available pending", "read"),
  // Money "sitting in" or "parked in" an account is held there: its balance (an aside, half weight).
  entry("sitting in|sits in|sitting on|parked in|held in|on hand", "balance", undefined, 0.5),
  // A platform's take from its connected accounts: application fees.
  entry("platform's cut|platforms cut|platform's fee|platform's fees|our commission|our share|connect fees|application fees", "application fee fees"),
  // A connected account's share of a sale, paid to it: a transfer.
  entry("their share|their cut|their portion|seller's share|sellers share|seller's cut|revenue share|rev share|share of the sale|send money|send them money|send funds|wire them", "transfer transfers destination"),
  // Taking money back that was sent: a reversal.
  entry("pull back|pull it back|get the money back|get it back", "reverse reversal refund", "action"),
  // A price paid once, not recurring (a price's `type: one_time`).
  entry("one-off|one off|one-time|one time|non-recurring|single payment", "one time price", undefined, 0.5),
  // Developers' shortenings of the APIs' nouns, as they prefix ids too (`txn_…`).
  entry("txn|txns|trx|tx", "transaction transactions"),
  // A fee charged to customers is something sold at a price (a platform's own take is `application fees`, above).
  entry("setup fee|set-up fee|onboarding fee|signup fee|sign-up fee|activation fee|joining fee|membership fee|late fee|service fee|flat fee|installation fee", "price product")
]

/**
 * Every entry, verbs first (a phrase in both tables is read as the verb: "post", "charge").
 *
 * @internal
 */
export const LEXICON: ReadonlyArray<Entry> = [...VERBS, ...NOUNS]

let nounWords: ReadonlySet<string> | undefined

/**
 * Whether a word is, alone, a phrase of the lexicon's nouns (the things the APIs name: "invite",
 * "webhook"): a resource of its own, not a mere word for something.
 *
 * @internal
 */
export const namesThing = (word: string): boolean => {
  nounWords ??= new Set(NOUNS.flatMap((entry) => entry.phrases.filter((phrase) => phrase.length === 1).map((phrase) => phrase[0]!)))
  return nounWords.has(word)
}
