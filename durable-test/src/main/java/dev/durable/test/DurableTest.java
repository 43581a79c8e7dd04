package dev.durable.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives each test a {@link DurableTestEnv}: declare a parameter of that type on a test method, a
 * {@code @BeforeEach} or {@code @AfterEach} method or the test class's constructor, and all of them
 * get the same fresh env for one test, closed after it: its workers and its engine closed, its
 * database emptied.
 *
 * <pre>{@code
 * @DurableTest
 * class GreetingWorkflowTest {
 *   @Test
 *   void greets(DurableTestEnv env) {
 *     env.register(new GreetingWorkflowDurable());
 *     RunHandle<String> run = GreetingWorkflowClient.of(env.engine()).start("Ada");
 *     env.runUntilIdle();
 *     assertEquals("Hello, Ada!", run.await(Duration.ofSeconds(1)));
 *   }
 * }
 * }</pre>
 *
 * <p>The same as {@code @ExtendWith(DurableExtension.class)}.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DurableExtension.class)
public @interface DurableTest {}
