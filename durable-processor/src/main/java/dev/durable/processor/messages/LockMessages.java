package dev.durable.processor.messages;

import java.nio.file.Path;

/**
 * The diagnostics of the lock file ({@code -Adurable.lockfile}): each constant a stable tag, what
 * the rule catches (its title in the error catalogue) and the text; each factory makes one {@link
 * Message}.
 */
public enum LockMessages implements MessageKind {

  // ---- The lock file (-Adurable.lockfile) ------------------------------------------------------

  /** Args: workflow name, version, lock file, the changes ("step 'charge' was removed; ..."). */
  LOCK_CHANGED(
      "lock-changed",
      "a workflow version's step graph changed incompatibly since the lock file recorded it"
          + " (see \"The lock file\")",
      "workflow '%s' version '%s' changed incompatibly since it was locked in %s: %s; runs in"
          + " flight on this version would fail on replay: bump @Workflow(version), or keep what"
          + " was locked and guard the change with ctx.patched(...)"),
  /** Args: lock file, the reason. */
  LOCK_READ(
      "lock-read",
      "the lock file named by `-Adurable.lockfile` could not be read (or a line of it is not"
          + " understood) or written",
      "could not read the lock file %s: %s; restore it from version control (it is written by the"
          + " processor, not by hand), or delete it to lock the workflows as they are now"),
  /** Args: lock file, the reason. */
  LOCK_WRITE(
      "lock-write",
      "the lock file named by `-Adurable.lockfile` could not be read (or a line of it is not"
          + " understood) or written",
      "could not write the lock file %s: %s; make sure its directory can be written, or change"
          + " -Adurable.lockfile");

  private final String tag;
  private final String title;
  private final String template;

  LockMessages(String tag, String title, String template) {
    this.tag = tag;
    this.title = title;
    this.template = template;
  }

  @Override
  public String tag() {
    return "durable:" + tag;
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public String template() {
    return template;
  }

  // ---- One factory per message, its arguments typed and named ---------------------------------

  /** {@link #LOCK_CHANGED}. */
  public static Message lockChanged(
      String workflowName, String version, Path lockFile, String changes) {
    return Message.of(LOCK_CHANGED, workflowName, version, lockFile, changes);
  }

  /** {@link #LOCK_READ}. */
  public static Message lockRead(String lockFile, String reason) {
    return Message.of(LOCK_READ, lockFile, reason);
  }

  /** {@link #LOCK_WRITE}. */
  public static Message lockWrite(Path lockFile, Exception reason) {
    return Message.of(LOCK_WRITE, lockFile, reason);
  }
}
