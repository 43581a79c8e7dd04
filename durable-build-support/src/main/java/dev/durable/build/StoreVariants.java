package dev.durable.build;

import java.util.List;

/**
 * Which stores this test JVM runs tests on. {@code mvn verify} runs every variant: embedded H2
 * always, PostgreSQL when {@code DURABLE_PG_URL} names a database. The PostgreSQL half of CI
 * ({@code mvn verify -Ppostgres}) selects the classes marked {@link OnPostgres} and sets the
 * system property {@value #PROPERTY} to {@value #POSTGRES_ONLY}, so that those classes run their
 * PostgreSQL variants only: their H2 variants ran in the build before it.
 */
public final class StoreVariants {
  /** The JUnit tag of test classes with a PostgreSQL variant. */
  public static final String TAG = "postgres";
  /** The system property the {@code postgres} profile sets. */
  public static final String PROPERTY = "durable.stores";
  /** Its value there: the H2 variants are left out. */
  public static final String POSTGRES_ONLY = "postgresql";

  private StoreVariants() {}

  /** Whether the H2 variants run in this JVM: in every build but the PostgreSQL half. */
  public static boolean h2() {
    return !POSTGRES_ONLY.equals(System.getProperty(PROPERTY));
  }

  /**
   * The variants to run: {@code h2} and {@code postgres}, or {@code postgres} alone in the
   * PostgreSQL half.
   */
  public static <T> List<T> of(T h2, T postgres) {
    return h2() ? List.of(h2, postgres) : List.of(postgres);
  }
}
