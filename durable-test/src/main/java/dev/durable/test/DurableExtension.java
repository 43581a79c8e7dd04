package dev.durable.test;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link DurableTest}: resolves {@link DurableTestEnv} parameters to
 * one env per test, made on first request, and closes it after the test's {@code @AfterEach}
 * methods. A test that passed fails there if an error it injected was never thrown ({@link
 * DurableTestEnv#requireInjectedFailuresThrown()}).
 */
public final class DurableExtension implements ParameterResolver, AfterEachCallback {
  private static final Namespace NAMESPACE = Namespace.create(DurableExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == DurableTestEnv.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    if (context.getTestMethod().isEmpty()) {
      throw new ParameterResolutionException("a DurableTestEnv belongs to one test, but "
          + parameter.getDeclaringExecutable() + " runs for the whole class: take it as a parameter"
          + " of a test method, a @BeforeEach or @AfterEach method, or the constructor of a class"
          + " with the default per-method lifecycle");
    }
    return context.getStore(NAMESPACE)
        .getOrComputeIfAbsent(DurableTestEnv.class, key -> DurableTestEnv.create(),
            DurableTestEnv.class);
  }

  /** The constructor gets the env of the test it is called for. */
  @Override
  public ExtensionContextScope getTestInstantiationExtensionContextScope(
      ExtensionContext rootContext) {
    return ExtensionContextScope.TEST_METHOD;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    DurableTestEnv env = context.getStore(NAMESPACE)
        .remove(DurableTestEnv.class, DurableTestEnv.class);
    if (env != null) {
      try {
        if (context.getExecutionException().isEmpty()) {
          env.requireInjectedFailuresThrown();
        }
      } finally {
        env.close();
      }
    }
  }
}
