"""scripts/check-links fails on a link or a path that leaves the repository, or a link to no
file, and passes links that stay inside. Run: python3 -m unittest discover scripts/tests
"""
import os
import shutil
import subprocess
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check-links")


class CheckLinksTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="check-links-")
        self.addCleanup(shutil.rmtree, self.root)
        subprocess.run(["git", "init", "-q", self.root], check=True)
        self.write("docs/guide.md", "See [the fixtures](fixtures.md) and [a page](https://example.com).\n")
        self.write("docs/fixtures.md", "Back to [the guide](guide.md#top).\n")

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)

    def run_script(self):
        return subprocess.run([SCRIPT, "--root", self.root], capture_output=True, text=True, timeout=60)

    def test_links_inside_the_repository_pass(self):
        result = self.run_script()
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_a_markdown_link_out_of_the_repository_fails(self):
        self.write("README.md", "Design: [DESIGN.md](../outside/DESIGN.md).\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("README.md:1: the link `../outside/DESIGN.md` leaves the repository", result.stdout)

    def test_a_link_to_no_file_fails(self):
        self.write("docs/guide.md", "See [the missing page](missing.md).\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("docs/guide.md:1: the link `missing.md` names no file", result.stdout)

    def test_naming_the_reference_folder_or_a_machine_path_fails_in_any_text_file(self):
        cases = {
            "bench/run.sh": "KIT=../../shared/bench\n",
            "contracts/yelp.openapi.json": '{"description": "Facts: shared/providers.md §1."}\n',
            "scripts/setup": "cd /work/main && make\n",
        }
        for relative, text in cases.items():
            with self.subTest(file=relative):
                self.write(relative, text)
                result = self.run_script()
                self.assertEqual(result.returncode, 1, result.stdout)
                self.assertIn(f"{relative}:1:", result.stdout)
                os.remove(os.path.join(self.root, relative))
        self.write("docs/contracts.md", "Facts: [providers.md](providers.md) (docs/providers.md).\n")
        self.write("docs/providers.md", "# Providers\n")
        self.assertEqual(self.run_script().returncode, 0)


if __name__ == "__main__":
    unittest.main()
