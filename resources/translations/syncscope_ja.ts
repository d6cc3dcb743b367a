<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>QObject</name>
    <message>
        <source>the course (%1) is not in this build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the course is invalid:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.scenario: there is no built-in scenario of that name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.compare: there is no built-in scenario &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the course names unknown scenarios:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no built-in scenario &apos;%1&apos; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in scenario &apos;%1&apos; is invalid: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope</name>
    <message>
        <source>Row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batches table is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edit %1 of row %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add row %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove row %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::BatchTableDelegate</name>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::BatchTableModel</name>
    <message>
        <source>spin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cudaMalloc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cudaMallocAsync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel duration in microseconds (spin and compute kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes a memory kernel streams and each allocation takes (MiB = 2^20 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels go round-robin over this many streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cudaMalloc/cudaFree around each kernel synchronize implicitly; cudaMallocAsync/cudaFreeAsync are stream-ordered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels/batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::CodeView</name>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run or open a scenario to see it as PyTorch and CUDA code.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::CompareWindow</name>
    <message>
        <source>Compare — syncscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Picture…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A above, B below; zoom, pan and selection move together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pictures (*.png *.jpg *.svg *.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::DocumentLoader</name>
    <message>
        <source>Scenarios (*.syncscope.json *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All traces (*.json *.gz *.sqlite *.sqlite3 *.db);;syncscope traces (*.json *.json.gz);;PyTorch profiler traces (*.json *.json.gz *.pt.trace.json);;Nsight Systems SQLite exports (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: out of memory while opening it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too large: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read (permission denied)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid scenario:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid syncscope trace:
%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::ImageExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixel density of PNG/JPEG (2 = crisp on HiDPI projectors); the layout stays the same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic: scenario, sync mode, engine, device, date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;JPEG image (*.jpg *.jpeg);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::LessonPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare (C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run and the one it compares with, on one time axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page Up, Left, Shift+Space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page Down, Right, Space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The article&apos;s claim %1 of 7 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync modes · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compare with: %1 (builtin:%2) — press C</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::MainWindow</name>
    <message numerus="yes">
        <source>%n event(s) so far</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an event in the timeline to see what it is and, for a wait, what it waited for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a native trace, a PyTorch profiler trace (.json, .json.gz) or an Nsight Systems SQLite export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the run on screen above another run or a recording, on one time axis, with a table of what differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrows from launches to kernels, records to waits, waits to the work they waited for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A strip under the timeline naming the colours and shapes on screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Callouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario&apos;s notes on the timeline, at the moment each lesson happens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full Screen Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen in the presentation theme; F11 again goes back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start &amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Course</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The article&apos;s seven claims, then the sync modes: one page a scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sync Modes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About syncscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready. Pick a scenario in the Library, or edit the batches and press Run (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA unavailable · simulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batches table does not make a valid scenario:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running “%1”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Run cancelled; showing the %n event(s) that ran before.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine gave no reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>untitled batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario or trace file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the run on screen (A) with B — a built-in scenario, or type a path:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios and traces (*.json *.gz *.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page&apos;s run has not finished yet: compare once it has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario as the PyTorch program and the CUDA runtime calls it stands for, one line a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the course</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left the course (Help ▸ Course goes back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) of this line on the timeline</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario you edited has unsaved changes.
Save them before continuing?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (%n warning(s): %1)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline image copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync modes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;The sync-mode catalogue&lt;/h2&gt;&lt;p&gt;Each mode: what it calls, its PyTorch equivalent, who blocks and what it waits for.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About syncscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;syncscope %1&lt;/h3&gt;&lt;p&gt;See GPU synchronization: batches of kernels on CUDA streams, run on a real GPU (recorded with CUPTI) or on a faithful simulator, shown on one time axis with every host wait and what it waited for.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::RecentFiles</name>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::ReplayBar</name>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the run back slowly: events appear as they start and grow until they complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the replay (Space on the timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the previous sync moment (a host wait or sync call begins or ends)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On to the next sync moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now %1 of %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::RunPanel</name>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto (CUDA when available)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking for a CUDA device…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the scenario (Ctrl+R, F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run and keep what ran so far (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulator (CUDA device: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;CUDA unavailable:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulator (CUDA unavailable: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::RunSummary</name>
    <message>
        <source>No run yet. Press Run, or open a trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makespan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First event start to last event end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time the host thread spent waiting in syncs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (%n wait(s) unknown)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Host CPU burnt waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time spent spinning or polling while waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time between the first and last GPU work with no work on any stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  caused by syncs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle gaps that began while the host was blocked in a sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time with work on two or more GPU lanes at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak device memory in use (binary units: 1 GiB = 2^30 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Invariants:&lt;/b&gt; &lt;span style=&apos;color:#2e7d32&apos;&gt;0 violations&lt;/span&gt; (invariants I1–I34)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Invariants:&lt;/b&gt; &lt;span style=&apos;color:#c62828&apos;&gt;%n violation(s)&lt;/span&gt;</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n warning(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to select the event in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::ScenarioEditor</name>
    <message>
        <source>Edit as batches instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the loaded scenario and generate one from the batches table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rename scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a row of batches (a copy of the selected row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose sync mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after each kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after each batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (spin, then yield)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spin (cudaDeviceScheduleSpin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yield (cudaDeviceScheduleYield)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocking sync (sleep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How a waiting host thread waits: it changes wake-up latency and the CPU burnt while waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose schedule policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edit as batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br/&gt;&lt;small&gt;%2 · %3 streams · %4 steps&lt;/small&gt;&lt;p&gt;%5&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot generate a scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::ScenarioLibrary</name>
    <message>
        <source>Filter scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open and run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the selected scenario and run it (or double-click it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::SearchBar</name>
    <message>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter, Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter, F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::StartPage</name>
    <message>
        <source>syncscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See GPU synchronization: when kernels run, when the host waits, and for what.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the course</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The article&apos;s seven claims, then the sync modes, one page each: the claim, the truth, and the run that shows it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A syncscope trace, a PyTorch profiler trace or an Nsight Systems SQLite export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A *.syncscope.json scenario file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a class: each page states a claim (the article&apos;s Japanese original and in English), runs the scenario that tests it, and says what to look at. Page Down, Space or a presentation clicker turns the page; F11 goes full screen in large type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No files opened yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::SyncModePicker</name>
    <message>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>syncscope::TimelineView</name>
    <message>
        <source>&amp;Taller Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give every lane more height; the lanes scroll when they do not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Shorter Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit more lanes on screen (never below one line of label text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Hidden Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring back the lanes hidden from the lane menu, and the recorder&apos;s own bookkeeping lanes of imported traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse All Lane Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per host thread, per GPU and for the other lanes, each drawing all its lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand All Lane Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Hidden Lanes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hide Lanes of This Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hide Lane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Events…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search event names on the timeline (text or regular expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
