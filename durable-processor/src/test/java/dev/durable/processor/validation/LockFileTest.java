package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.durable.processor.validation.Fixtures.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import dev.durable.processor.DurableProcessor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Adurable.lockfile}: the first build writes each workflow version's step graph; a later
 * build that changes a locked graph incompatibly fails with what changed; compatible additions and
 * new versions are added; an unchanged build leaves the file as it was.
 */
class LockFileTest {
  private static final String HEADER =
      "# Durable lock file: the step graph of each workflow version, kept by the Durable annotation\n"
          + "# processor (-Adurable.lockfile). Commit it. A build fails when a locked version's graph\n"
          + "# changes incompatibly; new versions and new steps, signals and routes are added.\n";
  private static final String CHECKOUT_1 =
      "\n"
          + "workflow checkout 1\n"
          + "  route declined\n"
          + "  run (java.lang.String) -> java.lang.String\n"
          + "  signal approved -> java.lang.Boolean\n"
          + "  step charge (java.lang.String, java.lang.Integer) -> java.lang.String\n"
          + "  step ship-it (java.util.List<java.lang.String>) -> java.lang.Void\n";

  @TempDir Path dir;

  private Path lockFile() {
    return dir.resolve("durable.lock");
  }

  private Compilation compile(JavaFileObject... sources) {
    return javac()
        .withProcessors(new DurableProcessor())
        .withOptions("-Adurable.lockfile=" + lockFile())
        .compile(sources);
  }

  private static JavaFileObject checkout(String variant) {
    return fixture("lock/" + variant + "/Checkout.java");
  }

  /** Locks the base workflow, as a first build does. */
  private void lockBase() {
    assertThat(compile(checkout("base"))).succeededWithoutWarnings();
  }

  @Test
  void theFirstBuildWritesTheLockFile() throws IOException {
    lockBase();

    assertEquals(HEADER + CHECKOUT_1, Files.readString(lockFile()));
  }

  @Test
  void withoutTheOptionNoLockFileIsWritten() {
    Compilation compilation =
        javac().withProcessors(new DurableProcessor()).compile(checkout("base"));

    assertThat(compilation).succeededWithoutWarnings();
    assertFalse(Files.exists(lockFile()));
  }

  @Test
  void anUnchangedBuildLeavesTheFileByteIdentical() throws IOException {
    lockBase();
    byte[] locked = Files.readAllBytes(lockFile());

    assertThat(compile(checkout("base"))).succeededWithoutWarnings();

    assertEquals(new String(locked), new String(Files.readAllBytes(lockFile())));
  }

  @Test
  void addedStepsAndSignalsAreAppendedToTheLockedVersion() throws IOException {
    lockBase();

    assertThat(compile(checkout("added"))).succeededWithoutWarnings();

    assertEquals(
        HEADER
            + "\n"
            + "workflow checkout 1\n"
            + "  route declined\n"
            + "  run (java.lang.String) -> java.lang.String\n"
            + "  signal approved -> java.lang.Boolean\n"
            + "  signal note -> java.lang.String\n"
            + "  step audit (java.lang.String) -> java.lang.String\n"
            + "  step charge (java.lang.String, java.lang.Integer) -> java.lang.String\n"
            + "  step ship-it (java.util.List<java.lang.String>) -> java.lang.Void\n",
        Files.readString(lockFile()));
  }

  @Test
  void editingALockedWorkflowsParameterTypeFailsTheBuild() throws IOException {
    lockBase();
    String locked = Files.readString(lockFile());
    JavaFileObject edited = checkout("param");

    Compilation compilation = compile(edited);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("workflow 'checkout' version '1' changed incompatibly since it was"
            + " locked in " + lockFile() + ": step 'charge': parameters changed from"
            + " (java.lang.String, java.lang.Integer) to (java.lang.String, java.lang.Long); runs"
            + " in flight on this version would fail on replay: bump @Workflow(version), or keep"
            + " what was locked and guard the change with ctx.patched(...)"
            + " [durable:lock-changed]")
        .inFile(edited)
        .onLineContaining("public class Checkout");
    assertEquals(locked, Files.readString(lockFile()), "a failed build writes nothing");
  }

  @Test
  void removingALockedStepOrRouteFailsTheBuild() {
    lockBase();
    JavaFileObject edited = checkout("removed");

    Compilation compilation = compile(edited);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("locked in " + lockFile() + ": route 'declined' was removed;"
            + " step 'ship-it' was removed; runs in flight")
        .inFile(edited)
        .onLineContaining("public class Checkout");
  }

  @Test
  void changingALockedStepsResultFailsTheBuild() {
    lockBase();
    JavaFileObject edited = checkout("result");

    Compilation compilation = compile(edited);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("step 'charge': result changed from java.lang.String to"
            + " java.lang.Integer; runs in flight")
        .inFile(edited)
        .onLineContaining("public class Checkout");
  }

  @Test
  void aNewVersionIsAddedAndTheLockedOneKept() throws IOException {
    lockBase();

    assertThat(compile(checkout("v2"))).succeededWithoutWarnings();

    assertEquals(
        HEADER
            + CHECKOUT_1
            + "\n"
            + "workflow checkout 2\n"
            + "  route declined\n"
            + "  run (java.lang.String) -> java.lang.String\n"
            + "  signal approved -> java.lang.Boolean\n"
            + "  step charge (java.lang.String, java.lang.Long) -> java.lang.String\n"
            + "  step ship-it (java.util.List<java.lang.String>) -> java.lang.Void\n",
        Files.readString(lockFile()));
  }

  @Test
  void aBuildThatFailsForAnotherReasonLocksNothing() {
    Compilation compilation = compile(checkout("base"), fixture("route/BadRoutes.java"));

    assertThat(compilation).failed();
    assertFalse(Files.exists(lockFile()));
  }

  @Test
  void aWorkflowAbsentFromTheCompilationKeepsItsSection() throws IOException {
    lockBase();

    assertThat(compile(fixture("route/GoodRoutes.java"))).succeededWithoutWarnings();

    // sections sort by name as text: upper case first
    assertEquals(
        HEADER
            + "\n"
            + "workflow GoodRoutes 1\n"
            + "  route declined\n"
            + "  route step_failed\n"
            + "  run (java.lang.String, java.lang.Integer) -> java.lang.String\n"
            + CHECKOUT_1,
        Files.readString(lockFile()));
  }

  @Test
  void aLockFileThatCannotBeParsedIsAnError() throws IOException {
    Files.writeString(lockFile(), "workflow checkout 1\n  teleport now\n");

    Compilation compilation = compile(checkout("base"));

    assertThat(compilation)
        .hadErrorContaining("could not read the lock file " + lockFile() + ": line 2 is not"
            + " understood: '  teleport now'; restore it from version control (it is written by"
            + " the processor, not by hand), or delete it to lock the workflows as they are now"
            + " [durable:lock-read]");
  }

  @Test
  void aLockFileThatCannotBeWrittenIsAnError() throws IOException {
    Path blocked = dir.resolve("file");
    Files.writeString(blocked, "");
    Compilation compilation =
        javac()
            .withProcessors(new DurableProcessor())
            .withOptions("-Adurable.lockfile=" + blocked.resolve("durable.lock"))
            .compile(checkout("base"));

    assertThat(compilation).hadErrorContaining("could not write the lock file "
        + blocked.resolve("durable.lock") + ": ");
    assertThat(compilation).hadErrorContaining("[durable:lock-write]");
  }
}
