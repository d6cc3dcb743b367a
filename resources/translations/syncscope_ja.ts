<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>BatchConversion</name>
    <message>
        <source>a repeat of %1 × %2 step(s): too long for the batches table</source>
        <translation>%1 回 × %2 ステップの repeat: バッチ表には長すぎます</translation>
    </message>
    <message>
        <source>a batch of %1 kernel(s) on %2 stream(s): cut to the table&apos;s limits</source>
        <translation>%2 ストリーム上の %1 カーネルのバッチ: 表の上限まで切り詰めました</translation>
    </message>
    <message>
        <source>no kernels: the table starts from its default row</source>
        <translation>カーネルがありません: 表は既定の行から始まります</translation>
    </message>
    <message>
        <source>%1 sync modes: the table uses one (%2), after each batch</source>
        <translation>同期モードが %1 種類: 表はその一つ (%2) を各バッチの後に使います</translation>
    </message>
    <message>
        <source>kernels of one batch that differ: each row takes its first kernel&apos;s</source>
        <translation>一つのバッチ内で異なるカーネル: 各行は最初のカーネルの値を使います</translation>
    </message>
    <message>
        <source>the buffers the kernels use</source>
        <translation>カーネルが使うバッファ</translation>
    </message>
    <message>
        <source>%1 × %2 step(s)</source>
        <translation>%1 × %2 ステップ</translation>
    </message>
    <message>
        <source>the scenario&apos;s claims and callouts</source>
        <translation>シナリオの主張とコールアウト</translation>
    </message>
</context>
<context>
    <name>CollectiveText</name>
    <message>
        <source>%1: only rank %2 has it; no rank waited for another</source>
        <translation>%1: ランク %2 にしかありません。他のランクを待ったランクはありません</translation>
    </message>
    <message>
        <source>%1: rank %2 arrived last; rank %3 waited %4 for it</source>
        <translation>%1: ランク %2 が最後に到着しました。ランク %3 はそれを %4 待ちました</translation>
    </message>
    <message>
        <source>%1: rank %2 arrived last; ranks %3 waited %4 for it</source>
        <translation>%1: ランク %2 が最後に到着しました。ランク %3 はそれを %4 待ちました</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>difference</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>makespan</source>
        <translation>総所要時間</translation>
    </message>
    <message>
        <source>host blocked</source>
        <translation>ホストのブロック時間</translation>
    </message>
    <message>
        <source>CPU burnt waiting</source>
        <translation>待機で消費した CPU 時間</translation>
    </message>
    <message>
        <source>GPU idle caused by syncs</source>
        <translation>同期による GPU アイドル</translation>
    </message>
</context>
<context>
    <name>CourseHandout</name>
    <message>
        <source>the course has no page</source>
        <translation>コースにページがない</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 はフォルダではない</translation>
    </message>
    <message>
        <source>cannot make the folder %1</source>
        <translation>フォルダ %1 を作れない</translation>
    </message>
    <message>
        <source>page %1: %2</source>
        <translation>ページ %1: %2</translation>
    </message>
    <message>
        <source>page %1: the run of builtin:%2 %3: %4</source>
        <translation>ページ %1: builtin:%2 の実行が %3: %4</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消された</translation>
    </message>
</context>
<context>
    <name>DeviceName</name>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1（シミュレーション）</translation>
    </message>
</context>
<context>
    <name>DocumentLoader</name>
    <message>
        <source>Scenarios (*.syncscope.json *.json);;All files (*)</source>
        <translation>シナリオ (*.syncscope.json *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>All traces (*.json *.gz *.sqlite *.sqlite3 *.db);;syncscope traces (*.json *.json.gz);;PyTorch profiler traces (*.json *.json.gz *.pt.trace.json);;Nsight Systems SQLite exports (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation>すべてのトレース (*.json *.gz *.sqlite *.sqlite3 *.db);;syncscope トレース (*.json *.json.gz);;PyTorch プロファイラのトレース (*.json *.json.gz *.pt.trace.json);;Nsight Systems の SQLite エクスポート (*.sqlite *.sqlite3 *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>%1: out of memory while opening it</source>
        <translation>%1: 開く途中でメモリが不足しました</translation>
    </message>
    <message>
        <source>%1: too large: %2</source>
        <translation>%1: 大きすぎます: %2</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: ファイルがありません</translation>
    </message>
    <message>
        <source>%1: cannot be read (permission denied)</source>
        <translation>%1: 読み込めません（アクセス権がありません）</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1: ファイルが空です</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario:
%2</source>
        <translation>%1 は正しいシナリオではありません:
%2</translation>
    </message>
    <message>
        <source>%1 is not a valid syncscope trace:
%2</source>
        <translation>%1 は正しい syncscope トレースではありません:
%2</translation>
    </message>
</context>
<context>
    <name>EventDescription</name>
    <message>
        <source>Lane</source>
        <translation>レーン</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>バッチ</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Correlation</source>
        <translation>相関 ID</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>呼び出し</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <source>Sync mode</source>
        <translation>同期モード</translation>
    </message>
    <message>
        <source>CPU burnt while waiting</source>
        <translation>待機で消費した CPU 時間</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備考</translation>
    </message>
    <message>
        <source>implicit sync</source>
        <translation>暗黙の同期</translation>
    </message>
    <message>
        <source>pageable host memory</source>
        <translation>ページング可能なホストメモリ</translation>
    </message>
    <message>
        <source>blocked: launch queue full</source>
        <translation>ブロック: 起動キューが満杯</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>query returned ready</source>
        <translation>問い合わせは完了を返した</translation>
    </message>
    <message>
        <source>lane %1</source>
        <translation>レーン %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>ストリーム %1</translation>
    </message>
    <message>
        <source>%1 (batch %2)</source>
        <translation>%1（バッチ %2）</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 の%1</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API 呼び出し</translation>
    </message>
    <message>
        <source>host wait</source>
        <translation>ホスト待機</translation>
    </message>
    <message>
        <source>host work</source>
        <translation>ホストの処理</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>メモリセット</translation>
    </message>
    <message>
        <source>event record</source>
        <translation>イベント記録</translation>
    </message>
    <message>
        <source>stream wait</source>
        <translation>ストリーム待機</translation>
    </message>
    <message>
        <source>host callback</source>
        <translation>ホストコールバック</translation>
    </message>
    <message>
        <source>memory op</source>
        <translation>メモリ操作</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>注釈</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>waited %1 for %2</source>
        <translation>%2 を %1 待った</translation>
    </message>
    <message>
        <source>stalled %1 for %2</source>
        <translation>%2 を待って %1 停止した</translation>
    </message>
    <message>
        <source>waited %1 (what released it is not recorded)</source>
        <translation>%1 待った（何が待機を解いたかは記録されていない）</translation>
    </message>
    <message>
        <source>stalled %1 (what released it is not recorded)</source>
        <translation>%1 停止した（何が待機を解いたかは記録されていない）</translation>
    </message>
    <message>
        <source>%1; spinning</source>
        <translation>%1（スピン待機）</translation>
    </message>
    <message>
        <source>%1; sleeping</source>
        <translation>%1（スリープ待機）</translation>
    </message>
    <message>
        <source>no event %1 in this trace</source>
        <translation>このトレースにイベント %1 はない</translation>
    </message>
    <message>
        <source>lane: %1</source>
        <translation>レーン: %1</translation>
    </message>
    <message>
        <source>start: %1, end: %2</source>
        <translation>開始: %1、終了: %2</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>バッチ %1</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>ステップ %1</translation>
    </message>
    <message>
        <source>correlation %1</source>
        <translation>相関 ID %1</translation>
    </message>
    <message>
        <source>call: %1</source>
        <translation>呼び出し: %1</translation>
    </message>
    <message>
        <source>bytes: %1</source>
        <translation>バイト数: %1</translation>
    </message>
    <message>
        <source>sync mode: %1</source>
        <translation>同期モード: %1</translation>
    </message>
    <message>
        <source>CPU burnt while waiting: %1</source>
        <translation>待機で消費した CPU 時間: %1</translation>
    </message>
</context>
<context>
    <name>Finding</name>
    <message>
        <source>torch.cpu.synchronize() used as a GPU barrier</source>
        <translation>torch.cpu.synchronize() を GPU の同期として使っている</translation>
    </message>
    <message>
        <source>Use torch.cuda.synchronize() to wait for the device, or time with CUDA events (torch.cuda.Event(enable_timing=True), record, then elapsed_time).</source>
        <translation>デバイスを待つには torch.cuda.synchronize() を使う。時間を測るなら CUDA イベントを使う（torch.cuda.Event(enable_timing=True) で record し、elapsed_time で読む）。</translation>
    </message>
    <message>
        <source>Tensor.item(), .cpu() or .tolist() in every step</source>
        <translation>ステップごとの Tensor.item()、.cpu()、.tolist()</translation>
    </message>
    <message>
        <source>Reading a CUDA tensor on the host copies it and waits for the stream: the host stops until all queued work is done, and the GPU runs dry while the host wakes and launches the next step.</source>
        <translation>CUDA テンソルをホストで読むとコピーとストリームの同期が起きる。ホストは積まれた処理がすべて終わるまで止まり、ホストが起きて次のステップを起動するまで GPU は空になる。</translation>
    </message>
    <message>
        <source>Keep values on the GPU and read them every N steps (accumulate the loss in a tensor), or copy them with non_blocking=True into pinned memory and read them after a later sync.</source>
        <translation>値は GPU に置いたままにし、N ステップごとに読む（損失はテンソルに積算する）。または non_blocking=True でピン留めメモリにコピーし、後の同期の後で読む。</translation>
    </message>
    <message>
        <source>torch.cuda.synchronize() in every step</source>
        <translation>ステップごとの torch.cuda.synchronize()</translation>
    </message>
    <message>
        <source>A device sync in the loop stops the host until every stream is drained; the GPU then idles while the host launches the next step&apos;s first kernels.</source>
        <translation>ループ内のデバイス同期は、すべてのストリームが空になるまでホストを止める。その後ホストが次のステップの最初のカーネルを起動する間、GPU はアイドルになる。</translation>
    </message>
    <message>
        <source>Sync only where the host needs a result (or to time a region once); let stream order and events order the work in between.</source>
        <translation>同期はホストが結果を必要とする所（または区間を一度だけ計測する所）だけにする。その間の順序はストリームの順序とイベントに任せる。</translation>
    </message>
    <message>
        <source>Copies from pageable host memory</source>
        <translation>ページング可能なホストメモリからのコピー</translation>
    </message>
    <message>
        <source>The driver stages a pageable copy through pinned buffers while the host waits, at a fraction of the pinned bandwidth (6-8 GB/s against 55 GB/s on an H200).</source>
        <translation>ページング可能なメモリのコピーは、ドライバがピン留めバッファ経由で送る間ホストを待たせ、帯域もピン留めの数分の一になる（H200 で 55 GB/s に対し 6〜8 GB/s）。</translation>
    </message>
    <message>
        <source>Allocate host tensors with pin_memory=True (or DataLoader(pin_memory=True)) and copy with non_blocking=True.</source>
        <translation>ホスト側のテンソルは pin_memory=True で確保し（または DataLoader(pin_memory=True)）、non_blocking=True でコピーする。</translation>
    </message>
    <message>
        <source>non_blocking=True from pageable memory still blocks</source>
        <translation>ページング可能なメモリからの non_blocking=True はそれでも待たせる</translation>
    </message>
    <message>
        <source>cudaMemcpyAsync from pageable memory is staged by the host: the call holds the host for the whole transfer, so non_blocking=True overlaps nothing.</source>
        <translation>ページング可能なメモリからの cudaMemcpyAsync はホストが中継するので、呼び出しは転送が終わるまでホストを止める。non_blocking=True でも何も重ならない。</translation>
    </message>
    <message>
        <source>Pin the source tensor (tensor.pin_memory(), or DataLoader(pin_memory=True)); only then does non_blocking=True return at once.</source>
        <translation>コピー元のテンソルをピン留めする（tensor.pin_memory() または DataLoader(pin_memory=True)）。そうして初めて non_blocking=True はすぐに戻る。</translation>
    </message>
    <message>
        <source>Allocator churn: cudaMalloc, cudaFree or empty_cache() in the loop</source>
        <translation>ループ内のメモリ確保と解放: cudaMalloc、cudaFree、empty_cache()</translation>
    </message>
    <message>
        <source>cudaFree waits for the whole device, and cudaMalloc is slow; torch.cuda.empty_cache() in the loop gives back the cached blocks the next step has to allocate again.</source>
        <translation>cudaFree はデバイス全体を待ち、cudaMalloc は遅い。ループ内の torch.cuda.empty_cache() は、次のステップがまた確保するキャッシュ済みのブロックを手放してしまう。</translation>
    </message>
    <message>
        <source>Let PyTorch&apos;s caching allocator keep its blocks: remove empty_cache() from the loop, allocate buffers once, and use cudaMallocAsync pools for raw allocations.</source>
        <translation>PyTorch のキャッシュアロケータにブロックを持たせておく。ループから empty_cache() を外し、バッファは一度だけ確保し、生の確保には cudaMallocAsync のプールを使う。</translation>
    </message>
    <message>
        <source>Synchronous cudaMemcpy</source>
        <translation>同期的な cudaMemcpy</translation>
    </message>
    <message>
        <source>cudaMemcpy blocks the host until the copy (and, on the default stream, the work before it) is done.</source>
        <translation>cudaMemcpy はコピー（とデフォルトストリーム上でその前にある処理）が終わるまでホストを止める。</translation>
    </message>
    <message>
        <source>Use cudaMemcpyAsync on a stream with pinned host memory, and sync only where the data is needed.</source>
        <translation>ピン留めしたホストメモリとストリームで cudaMemcpyAsync を使い、データが必要な所でだけ同期する。</translation>
    </message>
    <message>
        <source>Synchronous cudaMemset that held the host</source>
        <translation>ホストを止めた同期的な cudaMemset</translation>
    </message>
    <message>
        <source>cudaMemset held the host; it is also an ordering point between streams.</source>
        <translation>cudaMemset がホストを止めた。これはストリーム間の順序付けの点にもなる。</translation>
    </message>
    <message>
        <source>Use cudaMemsetAsync on the stream that uses the memory.</source>
        <translation>そのメモリを使うストリームで cudaMemsetAsync を使う。</translation>
    </message>
    <message>
        <source>The host waits on an event only to order another stream</source>
        <translation>別のストリームの順序付けのためだけにホストがイベントを待っている</translation>
    </message>
    <message>
        <source>Event.synchronize() stops the host until the event&apos;s work is done, and the host then launches on another stream: the GPU could have ordered that by itself while the host went on.</source>
        <translation>Event.synchronize() はイベントの処理が終わるまでホストを止め、その後ホストは別のストリームに起動する。この順序は GPU だけで付けられ、その間ホストは先へ進めた。</translation>
    </message>
    <message>
        <source>Use stream.wait_event(event) (or stream.wait_stream(other)): the stream waits on the GPU and the host never blocks.</source>
        <translation>stream.wait_event(event)（または stream.wait_stream(other)）を使う。ストリームが GPU 上で待ち、ホストは止まらない。</translation>
    </message>
    <message>
        <source>The GPU waits for the host to launch small kernels</source>
        <translation>GPU が小さなカーネルの起動をホストから待っている</translation>
    </message>
    <message>
        <source>The GPU finishes each kernel before the host has launched the next one: the launch overhead of many small kernels, not the GPU, sets the pace.</source>
        <translation>ホストが次のカーネルを起動する前に GPU は前のカーネルを終えてしまう。速さを決めているのは GPU ではなく、多数の小さなカーネルの起動コストだ。</translation>
    </message>
    <message>
        <source>Capture the step in a CUDA graph (torch.cuda.graphs) or compile it (torch.compile with mode=&quot;reduce-overhead&quot;); fuse small ops; use bigger batches.</source>
        <translation>ステップを CUDA グラフに取り込む（torch.cuda.graphs）か、コンパイルする（torch.compile の mode=&quot;reduce-overhead&quot;）。小さな演算を融合し、バッチを大きくする。</translation>
    </message>
    <message>
        <source>Ranks wait for a late rank in collectives</source>
        <translation>集団通信で遅れたランクを待っている</translation>
    </message>
    <message>
        <source>In a collective every rank waits for the last one to arrive: the others&apos; NCCL kernels spin on the GPU meanwhile.</source>
        <translation>集団通信ではすべてのランクが最後のランクの到着を待つ。その間、他のランクの NCCL カーネルは GPU 上で回り続ける。</translation>
    </message>
    <message>
        <source>Find what delays the late rank before the collective (data loading, an uneven split, a host sync) and balance the work.</source>
        <translation>集団通信の前に遅れたランクを遅らせているもの（データ読み込み、偏った分割、ホストの同期）を見つけ、仕事を均す。</translation>
    </message>
    <message>
        <source>torch.cpu.synchronize() has an empty body: it waits for no GPU work. A timer read after it misses all the GPU work launched before it and not finished yet, queued or running, and code after it may read results the GPU has not written yet.</source>
        <translation>torch.cpu.synchronize() の中身は空で、GPU の処理を何も待たない。その後で読んだタイマーは、それより前に起動されてまだ終わっていない GPU の処理（キューにあるものも実行中のものも）をすべて取りこぼし、その後のコードは GPU がまだ書いていない結果を読むかもしれない。</translation>
    </message>
</context>
<context>
    <name>FindingCallouts</name>
    <message>
        <source>%1% of the GPU&apos;s time</source>
        <translation>GPU 時間の %1%</translation>
    </message>
    <message>
        <source>a timer after it misses %1 of GPU work</source>
        <translation>この後のタイマーは GPU の処理 %1 を取りこぼす</translation>
    </message>
    <message>
        <source>host blocked %1</source>
        <translation>ホストのブロック %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>HandoutPage</name>
    <message>
        <source>syncscope course · page %1 of %2 · to run it: syncscope --course %1</source>
        <translation>syncscope コース · %1 / %2 ページ · 実行するには: syncscope --course %1</translation>
    </message>
    <message>
        <source>Compared in class with: %1 (builtin:%2)</source>
        <translation>授業での比較相手: %1 (builtin:%2)</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s): syncscope shows the whole program in its Code panel</source>
        <translation>
            <numerusform>… ほか %n 行。プログラム全体は syncscope のコードパネルで見られる</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HostWaitReason</name>
    <message>
        <source>a sync</source>
        <translation>同期</translation>
    </message>
    <message>
        <source>a query loop</source>
        <translation>問い合わせのループ</translation>
    </message>
    <message>
        <source>a copy of pageable host memory, which the driver stages through pinned buffers while the host waits</source>
        <translation>ページング可能なホストメモリのコピー（ドライバがピン留めバッファ経由で送る間、ホストは待つ）</translation>
    </message>
    <message>
        <source>a synchronous copy</source>
        <translation>同期コピー</translation>
    </message>
    <message>
        <source>a host-to-host copy, synchronous in every form</source>
        <translation>ホスト間コピー（どの形でも同期的）</translation>
    </message>
    <message>
        <source>a synchronous memset</source>
        <translation>同期メモリセット</translation>
    </message>
    <message>
        <source>the implicit sync of an allocation or free</source>
        <translation>メモリの確保・解放に伴う暗黙の同期</translation>
    </message>
    <message>
        <source>a launch queue that was full</source>
        <translation>満杯の起動キュー</translation>
    </message>
    <message>
        <source>a launch held inside the call (a full queue, lazy module loading, or the thread descheduled)</source>
        <translation>呼び出しの中で止められた起動（満杯のキュー、モジュールの遅延ロード、スレッドの中断のいずれか）</translation>
    </message>
    <message>
        <source>a long call; the trace does not say why</source>
        <translation>長い呼び出し（理由はトレースに記録されていない）</translation>
    </message>
</context>
<context>
    <name>IdleAttribution</name>
    <message>
        <source>a cudaEventQuery loop</source>
        <translation>cudaEventQuery のループ</translation>
    </message>
    <message>
        <source>a sync</source>
        <translation>同期</translation>
    </message>
    <message>
        <source>%1() (%2)</source>
        <translation>%1()（%2）</translation>
    </message>
    <message>
        <source>the host was blocked %1 in %2</source>
        <translation>ホストは %2 で %1 ブロックされていた</translation>
    </message>
    <message>
        <source>the host spent %1 launching the next work</source>
        <translation>ホストは次の処理の起動に %1 を費やした</translation>
    </message>
    <message>
        <source>the host spent %1 launching the next work (%2)</source>
        <translation>ホストは次の処理の起動（%2）に %1 を費やした</translation>
    </message>
    <message>
        <source>the host spent %1 in code the trace does not show, with nothing queued</source>
        <translation>ホストはトレースに記録されていないコードで %1 を過ごし、その間キューは空だった</translation>
    </message>
    <message>
        <source>the host spent %1 in %2 with nothing queued</source>
        <translation>ホストは %2 で %1 を過ごし、その間キューは空だった</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>イベント %1</translation>
    </message>
    <message>
        <source>another stream</source>
        <translation>別のストリーム</translation>
    </message>
    <message>
        <source>the next work waited %1 for %2</source>
        <translation>次の処理が %2 を %1 待った</translation>
    </message>
    <message>
        <source>%1 waiting for a late rank</source>
        <translation>遅れたランクを %1 待った</translation>
    </message>
    <message>
        <source>%1 the trace does not explain</source>
        <translation>トレースでは説明できない %1</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <translation>%1。その後 %2</translation>
    </message>
    <message>
        <source>GPU idle %1 from %2 to %3: %4.</source>
        <translation>GPU は %2 から %3 まで %1 アイドルだった。%4。</translation>
    </message>
    <message>
        <source>the GPU took %1 to start work queued before</source>
        <translation>GPU は先に積まれていた処理を始めるのに %1 かかった</translation>
    </message>
    <message>
        <source>the host spent %1 computing in %2, which launched nothing</source>
        <translation>ホストは %2 で %1 計算していた（何も起動していない）</translation>
    </message>
    <message>
        <source>the host spent %1 in Python (%2) with nothing queued</source>
        <translation>ホストはキューが空のまま Python（%2）で %1 過ごした</translation>
    </message>
    <message>
        <source>the host spent %1 in one-time setup (%2)</source>
        <translation>ホストは一度きりの初期化（%2）で %1 過ごした</translation>
    </message>
    <message>
        <source>the profiler took %1 of the host for itself (%2)</source>
        <translation>プロファイラ自身がホストを %1 使った（%2）</translation>
    </message>
</context>
<context>
    <name>ImageExporter</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>sync: %1</source>
        <translation>同期: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
</context>
<context>
    <name>LaneLabel</name>
    <message>
        <source>non-blocking</source>
        <translation>ノンブロッキング</translation>
    </message>
    <message>
        <source>blocking</source>
        <translation>ブロッキング</translation>
    </message>
    <message>
        <source>legacy-default</source>
        <translation>レガシーデフォルト</translation>
    </message>
    <message>
        <source>per-thread-default</source>
        <translation>スレッドごとのデフォルト</translation>
    </message>
    <message>
        <source>lane %1</source>
        <translation>レーン %1</translation>
    </message>
    <message>
        <source>host thread</source>
        <translation>ホストスレッド</translation>
    </message>
    <message>
        <source>host waits</source>
        <translation>ホストの待機</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>▸ %1 (%2 lane)</source>
        <translation>▸ %1（%2 レーン）</translation>
    </message>
    <message>
        <source>▸ %1 (%2 lanes)</source>
        <translation>▸ %1（%2 レーン）</translation>
    </message>
</context>
<context>
    <name>LanePlottable</name>
    <message>
        <source>torch.cpu.synchronize(): waited for nothing</source>
        <translation>torch.cpu.synchronize(): 何も待たなかった</translation>
    </message>
    <message>
        <source>%1 GPU op still queued</source>
        <translation>GPU 処理 %1 個がまだキューにある</translation>
    </message>
    <message>
        <source>%1 GPU ops still queued</source>
        <translation>GPU 処理 %1 個がまだキューにある</translation>
    </message>
    <message>
        <source>%1: %2 more</source>
        <translation>%1（あと %2）</translation>
    </message>
    <message>
        <source>torch.cpu.synchronize() ×%1: each waited for nothing</source>
        <translation>torch.cpu.synchronize() ×%1: どれも何も待たなかった</translation>
    </message>
    <message>
        <source>up to %1 GPU ops still queued</source>
        <translation>GPU 処理が最大 %1 個まだキューにある</translation>
    </message>
</context>
<context>
    <name>Legend</name>
    <message>
        <source>API call</source>
        <translation>API 呼び出し</translation>
    </message>
    <message>
        <source>launch held: queue full</source>
        <translation>起動待ち: キューが満杯</translation>
    </message>
    <message>
        <source>torch.cpu.synchronize(): waits for nothing</source>
        <translation>torch.cpu.synchronize(): 何も待たない</translation>
    </message>
    <message>
        <source>host work</source>
        <translation>ホストの処理</translation>
    </message>
    <message>
        <source>host wait, spinning</source>
        <translation>ホスト待機（スピン）</translation>
    </message>
    <message>
        <source>host wait, sleeping</source>
        <translation>ホスト待機（スリープ）</translation>
    </message>
    <message>
        <source>kernel (colour = batch)</source>
        <translation>カーネル（色 = バッチ）</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>メモリセット</translation>
    </message>
    <message>
        <source>stream wait</source>
        <translation>ストリーム待機</translation>
    </message>
    <message>
        <source>host callback</source>
        <translation>ホストコールバック</translation>
    </message>
    <message>
        <source>memory op</source>
        <translation>メモリ操作</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>注釈</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>other</source>
        <translation>その他</translation>
    </message>
    <message>
        <source>event record</source>
        <translation>イベント記録</translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation>GPU アイドル</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>起動</translation>
    </message>
    <message>
        <source>record → wait</source>
        <translation>記録 → 待機</translation>
    </message>
    <message>
        <source>waited for</source>
        <translation>待った相手</translation>
    </message>
    <message>
        <source>flow</source>
        <translation>フロー</translation>
    </message>
    <message>
        <source>host wait</source>
        <translation>ホスト待機</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>the course (%1) is not in this build</source>
        <translation>コース (%1) がこのビルドに含まれていません</translation>
    </message>
    <message>
        <source>the course is invalid:
%1</source>
        <translation>コースが正しくありません:
%1</translation>
    </message>
    <message>
        <source>%1.scenario: there is no built-in scenario of that name</source>
        <translation>%1.scenario: その名前の組み込みシナリオはありません</translation>
    </message>
    <message>
        <source>%1.compare: there is no built-in scenario &apos;%2&apos;</source>
        <translation>%1.compare: 組み込みシナリオ &apos;%2&apos; はありません</translation>
    </message>
    <message>
        <source>the course names unknown scenarios:
%1</source>
        <translation>コースが存在しないシナリオを参照しています:
%1</translation>
    </message>
    <message>
        <source>there is no built-in scenario &apos;%1&apos; (known: %2)</source>
        <translation>組み込みシナリオ &apos;%1&apos; はありません（あるもの: %2）</translation>
    </message>
    <message>
        <source>built-in scenario &apos;%1&apos; is invalid: %2</source>
        <translation>組み込みシナリオ &apos;%1&apos; が正しくありません: %2</translation>
    </message>
</context>
<context>
    <name>ReplayFrameWriter</name>
    <message>
        <source>%1 — replay %2 of %3 at %4</source>
        <translation>%1 — リプレイ %2 / %3（速度 %4）</translation>
    </message>
</context>
<context>
    <name>ReplayOverlay</name>
    <message>
        <source>now %1</source>
        <translation>現在 %1</translation>
    </message>
</context>
<context>
    <name>ScenarioCode</name>
    <message>
        <source>no PyTorch API: the schedule policy is set in CUDA</source>
        <translation>PyTorch の API はない: スケジュール方針は CUDA で設定する</translation>
    </message>
    <message>
        <source>the legacy default stream</source>
        <translation>レガシーのデフォルトストリーム</translation>
    </message>
    <message>
        <source>%1: the per-thread default stream has no PyTorch name</source>
        <translation>%1: スレッドごとのデフォルトストリームには PyTorch の名前がない</translation>
    </message>
    <message>
        <source>PyTorch streams are non-blocking; this one is blocking</source>
        <translation>PyTorch のストリームは non-blocking だが、これは blocking</translation>
    </message>
    <message>
        <source>about %1 us of math</source>
        <translation>約 %1 us の計算</translation>
    </message>
    <message>
        <source>not torch.cuda.launch_kernel (no such function): ops launch kernels</source>
        <translation>torch.cuda.launch_kernel ではない（そんな関数はない）: カーネルを起動するのは各演算だ</translation>
    </message>
    <message>
        <source>waits for the copy: a hidden sync</source>
        <translation>コピーを待つ: 隠れた同期</translation>
    </message>
    <message>
        <source>caching allocator: a cached block of %1, else cudaMalloc(&amp;segment, %2)</source>
        <translation>キャッシュアロケータ: %1 のキャッシュ済みブロック、なければ cudaMalloc(&amp;segment, %2)</translation>
    </message>
    <message>
        <source>the block returns to the allocator&apos;s cache: no cudaFree</source>
        <translation>ブロックはアロケータのキャッシュに戻る: cudaFree はしない</translation>
    </message>
    <message>
        <source>at the free: cudaEventRecord(ev, %1)</source>
        <translation>解放の時に: cudaEventRecord(ev, %1)</translation>
    </message>
    <message>
        <source>each wholly free segment: synchronizes the device</source>
        <translation>丸ごと空いたセグメントごとに: デバイスを同期する</translation>
    </message>
    <message>
        <source>no PyTorch call: trims a raw CUDA memory pool</source>
        <translation>PyTorch の呼び出しはない: CUDA のメモリプールを直接縮める</translation>
    </message>
    <message>
        <source>one event&apos;s last record, not every event of a stream; the host does not wait (whole stream: wait_stream)</source>
        <translation>1 つのイベントの最後の記録を待つ。ストリームの全イベントではない。ホストは待たない（ストリーム全体なら wait_stream）</translation>
    </message>
    <message>
        <source>no CUDA call: torch.cpu.synchronize() is empty</source>
        <translation>CUDA の呼び出しはない: torch.cpu.synchronize() は空</translation>
    </message>
    <message>
        <source>waits for nothing: %1 is an ignored device, not kernel %1; to wait for one kernel: ev.record() after it, ev.synchronize()</source>
        <translation>何も待たない: %1 は無視されるデバイスで、カーネル %1 ではない。1 つのカーネルを待つには: その後に ev.record()、そして ev.synchronize()</translation>
    </message>
    <message>
        <source>waits for nothing; use torch.cuda.synchronize()</source>
        <translation>何も待たない。torch.cuda.synchronize() を使う</translation>
    </message>
    <message>
        <source>no PyTorch API: a host function run in stream order on %1</source>
        <translation>PyTorch の API はない: %1 のストリーム順で実行するホスト関数</translation>
    </message>
</context>
<context>
    <name>StepLabelText</name>
    <message>
        <source>host work</source>
        <translation>ホストの処理</translation>
    </message>
    <message>
        <source>host callback</source>
        <translation>ホストコールバック</translation>
    </message>
</context>
<context>
    <name>SyncDoctor</name>
    <message>
        <source>A timer read after it stops %1 before the GPU finishes the op still queued.</source>
        <translation>この後で読むタイマーは、キューに残る演算を GPU が終える %1 前に止まる。</translation>
    </message>
    <message>
        <source>A timer read after it stops %1 before the GPU finishes the %2 ops still queued.</source>
        <translation>この後で読むタイマーは、キューに残る %2 個の演算を GPU が終える %1 前に止まる。</translation>
    </message>
    <message>
        <source>A timer read after it stops up to %1 before the GPU finishes the op still queued; %2 in all over %3 calls.</source>
        <translation>この後で読むタイマーは、キューに残る演算を GPU が終える最大 %1 前に止まる。%3 回の呼び出しで合計 %2。</translation>
    </message>
    <message>
        <source>A timer read after it stops up to %1 before the GPU finishes the %2 ops still queued; %3 in all over %4 calls.</source>
        <translation>この後で読むタイマーは、キューに残る %2 個の演算を GPU が終える最大 %1 前に止まる。%4 回の呼び出しで合計 %3。</translation>
    </message>
</context>
<context>
    <name>SyncMode</name>
    <message>
        <source>No sync</source>
        <translation>同期なし</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>誰も待たない</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>何も待たない</translation>
    </message>
    <message>
        <source>The host enqueues work and carries on. Kernels run asynchronously; nothing waits for them until the program ends or some later call synchronizes implicitly.</source>
        <translation>ホストは処理をキューに積んでそのまま進む。カーネルは非同期に走り、プログラムが終わるか、後の呼び出しが暗黙に同期するまで、誰もそれを待たない。</translation>
    </message>
    <message>
        <source>no call at all</source>
        <translation>呼び出しなし</translation>
    </message>
    <message>
        <source>nobody (a common misconception)</source>
        <translation>誰も待たない（よくある誤解）</translation>
    </message>
    <message>
        <source>torch.cpu.synchronize() has an empty body: it exists so device-agnostic code can call synchronize() on the CPU. Its device argument is ignored. It returns at once and waits for no GPU kernel; the GPU work it was meant to wait for is still running after it returns.</source>
        <translation>torch.cpu.synchronize() の中身は空だ。デバイスに依存しないコードが CPU でも synchronize() を呼べるように存在するだけで、デバイス引数は無視される。すぐに戻り、どの GPU カーネルも待たない。待つつもりだった GPU の処理は、戻った後もまだ実行中だ。</translation>
    </message>
    <message>
        <source>Device synchronize</source>
        <translation>デバイス同期</translation>
    </message>
    <message>
        <source>host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>every task enqueued on the device, all streams</source>
        <translation>デバイスに積まれたすべての処理（全ストリーム）</translation>
    </message>
    <message>
        <source>The host thread blocks until every operation previously enqueued on the current device, on every stream, has completed. It covers one device, not all GPUs. How the thread waits (spin, yield or sleep) depends on the schedule policy.</source>
        <translation>ホストスレッドは、現在のデバイスにそれまでに積まれたすべての処理が、すべてのストリームで終わるまでブロックする。対象は 1 つのデバイスで、すべての GPU ではない。スレッドの待ち方（スピン、yield、スリープ）はスケジュールポリシーで決まる。</translation>
    </message>
    <message>
        <source>Stream synchronize</source>
        <translation>ストリーム同期</translation>
    </message>
    <message>
        <source>host, for one stream</source>
        <translation>ホスト（1 つのストリームについて）</translation>
    </message>
    <message>
        <source>all work already enqueued in s</source>
        <translation>s にすでに積まれたすべての処理</translation>
    </message>
    <message>
        <source>The host thread blocks until everything already enqueued in stream s has completed. Work on other non-blocking streams may still be running when it returns.</source>
        <translation>ホストスレッドは、ストリーム s にすでに積まれたすべての処理が終わるまでブロックする。戻った時点で、他の non-blocking ストリームの処理はまだ実行中かもしれない。</translation>
    </message>
    <message>
        <source>Event synchronize</source>
        <translation>イベント同期</translation>
    </message>
    <message>
        <source>host, for captured work</source>
        <translation>ホスト（キャプチャした処理について）</translation>
    </message>
    <message>
        <source>the work captured by the most recent record of the event</source>
        <translation>イベントの直近の記録がキャプチャした処理</translation>
    </message>
    <message>
        <source>An event captures everything enqueued in its stream before cudaEventRecord. cudaEventSynchronize blocks the host until that captured work is done, not later work and not other streams. Without cudaEventBlockingSync the thread busy-waits; an event never recorded returns at once.</source>
        <translation>イベントは、cudaEventRecord より前にそのストリームに積まれたすべてをキャプチャする。cudaEventSynchronize は、そのキャプチャした処理が終わるまでホストをブロックする。後の処理や他のストリームは待たない。cudaEventBlockingSync がなければスレッドはビジーウェイトし、一度も記録されていないイベントはすぐに戻る。</translation>
    </message>
    <message>
        <source>Stream waits for event</source>
        <translation>ストリームがイベントを待つ</translation>
    </message>
    <message>
        <source>the waiting stream only</source>
        <translation>待つ側のストリームだけ</translation>
    </message>
    <message>
        <source>the event&apos;s captured work at the time of the call</source>
        <translation>呼び出し時点でイベントがキャプチャしていた処理</translation>
    </message>
    <message>
        <source>cudaStreamWaitEvent makes future work on the waiting stream wait, on the GPU, for one event&apos;s captured work. The host call returns at once and never blocks. It waits for one event, not all events of a stream; re-recording the event later does not change a wait already issued.</source>
        <translation>cudaStreamWaitEvent は、待つ側のストリームのこれからの処理を、GPU 上で、1 つのイベントがキャプチャした処理まで待たせる。ホストの呼び出しはすぐに戻り、ブロックしない。待つのは 1 つのイベントで、ストリームのすべてのイベントではない。後でイベントを記録し直しても、発行済みの待機は変わらない。</translation>
    </message>
    <message>
        <source>Stream waits for stream</source>
        <translation>ストリームがストリームを待つ</translation>
    </message>
    <message>
        <source>everything enqueued on the other stream at call time</source>
        <translation>呼び出し時点で相手のストリームに積まれていたすべて</translation>
    </message>
    <message>
        <source>wait_stream records an event on the other stream and makes this stream wait for it: later work here starts only after everything queued on the other stream so far has finished. The host does not block.</source>
        <translation>wait_stream は相手のストリームにイベントを記録し、このストリームにそれを待たせる。ここでの後の処理は、相手のストリームにそれまで積まれたすべてが終わってから始まる。ホストはブロックしない。</translation>
    </message>
    <message>
        <source>Poll an event</source>
        <translation>イベントをポーリング</translation>
    </message>
    <message>
        <source>host, spinning</source>
        <translation>ホスト（スピン）</translation>
    </message>
    <message>
        <source>the event&apos;s captured work, by polling</source>
        <translation>イベントがキャプチャした処理（ポーリングで）</translation>
    </message>
    <message>
        <source>The host asks again and again whether the event has completed. Each query returns at once; the loop burns a CPU core and notices completion only at its next poll.</source>
        <translation>ホストはイベントが終わったかを何度も問い合わせる。各問い合わせはすぐに戻る。ループは CPU コアを 1 つ使い切り、完了に気づくのは次のポーリングのときだ。</translation>
    </message>
    <message>
        <source>Host function in stream</source>
        <translation>ストリーム内のホスト関数</translation>
    </message>
    <message>
        <source>the stream, until the callback returns</source>
        <translation>ストリーム（コールバックが戻るまで）</translation>
    </message>
    <message>
        <source>prior work in s</source>
        <translation>s の先行する処理</translation>
    </message>
    <message>
        <source>A host function enqueued in a stream runs on a driver thread after earlier work in the stream ends; later work in the stream waits until it returns. The enqueuing host thread does not block.</source>
        <translation>ストリームに積まれたホスト関数は、そのストリームの先行する処理が終わった後にドライバのスレッドで実行される。ストリームの後の処理は、それが戻るまで待つ。積んだホストスレッドはブロックしない。</translation>
    </message>
    <message>
        <source>Blocking copy to host</source>
        <translation>ホストへのブロッキングコピー</translation>
    </message>
    <message>
        <source>host (hidden sync)</source>
        <translation>ホスト（隠れた同期）</translation>
    </message>
    <message>
        <source>the stream up to the copy, then the copy</source>
        <translation>コピーまでのストリームの処理、次にコピー自体</translation>
    </message>
    <message>
        <source>Copying a result to the host waits for everything queued before it on the stream and then for the copy itself. It is a synchronize hidden inside an innocent-looking call; tensor.item() in a loop serializes host and GPU.</source>
        <translation>結果をホストにコピーすると、ストリームでその前に積まれたすべてを待ち、次にコピー自体を待つ。何気ない呼び出しに隠れた同期だ。ループ内の tensor.item() はホストと GPU を直列にする。</translation>
    </message>
    <message>
        <source>cudaMalloc / cudaFree between streams</source>
        <translation>ストリーム間の cudaMalloc / cudaFree</translation>
    </message>
    <message>
        <source>device-wide ordering</source>
        <translation>デバイス全体の順序付け</translation>
    </message>
    <message>
        <source>all earlier work on the device (cudaFree); cross-stream overlap is cut</source>
        <translation>デバイス上の先行するすべての処理（cudaFree）。ストリーム間の重なりが切れる</translation>
    </message>
    <message>
        <source>cudaMalloc and cudaFree may synchronize implicitly: work on different streams cannot overlap across them, and cudaFree waits for the device. Stream-ordered cudaMallocAsync/cudaFreeAsync avoid this.</source>
        <translation>cudaMalloc と cudaFree は暗黙に同期することがある。異なるストリームの処理はそれをまたいで重なれず、cudaFree はデバイスを待つ。ストリーム順序付きの cudaMallocAsync/cudaFreeAsync ならこれを避けられる。</translation>
    </message>
    <message>
        <source>Work on the legacy default stream</source>
        <translation>レガシーデフォルトストリーム上の処理</translation>
    </message>
    <message>
        <source>kernel on stream 0</source>
        <translation>ストリーム 0 上のカーネル</translation>
    </message>
    <message>
        <source>the default stream</source>
        <translation>デフォルトストリーム</translation>
    </message>
    <message>
        <source>all blocking streams (on the GPU)</source>
        <translation>すべての blocking ストリーム（GPU 上で）</translation>
    </message>
    <message>
        <source>all earlier work on every blocking stream</source>
        <translation>すべての blocking ストリーム上の先行する処理</translation>
    </message>
    <message>
        <source>Work on the legacy NULL stream waits for all earlier work on every blocking stream, and later work on blocking streams waits for it. Non-blocking streams (cudaStreamNonBlocking, PyTorch&apos;s side streams) are not affected.</source>
        <translation>レガシー NULL ストリーム上の処理は、すべての blocking ストリーム上の先行する処理を待ち、blocking ストリーム上の後の処理はそれを待つ。non-blocking ストリーム（cudaStreamNonBlocking、PyTorch のサイドストリーム）は影響を受けない。</translation>
    </message>
</context>
<context>
    <name>TraceSource</name>
    <message>
        <source>no scenario or trace given</source>
        <translation>シナリオもトレースも指定されていません</translation>
    </message>
    <message>
        <source>%1: no such file (expected builtin:NAME, a scenario file or a trace file)</source>
        <translation>%1: ファイルがありません（builtin:NAME、シナリオファイル、またはトレースファイルを指定してください）</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: 通常のファイルではありません</translation>
    </message>
    <message>
        <source>%1: not a trace</source>
        <translation>%1: トレースではありません</translation>
    </message>
    <message>
        <source>the run of %1 on the %2 engine %3: %4</source>
        <translation>%2 エンジンでの %1 の実行が %3: %4</translation>
    </message>
</context>
<context>
    <name>WaitAttribution</name>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>メモリセット</translation>
    </message>
    <message>
        <source>event record</source>
        <translation>イベント記録</translation>
    </message>
    <message>
        <source>stream wait</source>
        <translation>ストリーム待機</translation>
    </message>
    <message>
        <source>host function</source>
        <translation>ホスト関数</translation>
    </message>
    <message>
        <source>memory operation</source>
        <translation>メモリ操作</translation>
    </message>
    <message>
        <source>call</source>
        <translation>呼び出し</translation>
    </message>
    <message>
        <source>host wait</source>
        <translation>ホスト待機</translation>
    </message>
    <message>
        <source>host work</source>
        <translation>ホストの処理</translation>
    </message>
    <message>
        <source>event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>An unknown lane</source>
        <translation>不明なレーン</translation>
    </message>
    <message>
        <source>an unknown lane</source>
        <translation>不明なレーン</translation>
    </message>
    <message>
        <source>Lane %1</source>
        <translation>レーン %1</translation>
    </message>
    <message>
        <source>lane %1</source>
        <translation>レーン %1</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation>ストリーム %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>ストリーム %1</translation>
    </message>
    <message>
        <source>event %1 on %2</source>
        <translation>%2 のイベント %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 の%1</translation>
    </message>
    <message>
        <source>%1 %2 on %3</source>
        <translation>%3 の%1 %2</translation>
    </message>
    <message>
        <source>%1 (batch %2) on %3</source>
        <translation>%3 の%1（バッチ %2）</translation>
    </message>
    <message>
        <source>%1 %2 (batch %3) on %4</source>
        <translation>%4 の%1 %2（バッチ %3）</translation>
    </message>
    <message>
        <source>a cudaEventQuery loop</source>
        <translation>cudaEventQuery のループ</translation>
    </message>
    <message>
        <source>a host sync</source>
        <translation>ホストの同期</translation>
    </message>
    <message>
        <source>%1 on event %2</source>
        <translation>%1（イベント %2）</translation>
    </message>
    <message>
        <source>spinning</source>
        <translation>スピン</translation>
    </message>
    <message>
        <source>sleeping</source>
        <translation>スリープ</translation>
    </message>
    <message>
        <source>%1 of CPU burnt</source>
        <translation>CPU 時間 %1 を消費</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>The host waited %1 in %2%3; the trace does not show which GPU work it waited for.</source>
        <translation>ホストは %2 で %1 待った%3。どの GPU の処理を待ったかはトレースに記録されていない。</translation>
    </message>
    <message>
        <source>the event fired</source>
        <translation>イベントが発火した</translation>
    </message>
    <message>
        <source>the %1 ended</source>
        <translation>%1が終わった</translation>
    </message>
    <message>
        <source>; %1 %2 before the wait began</source>
        <translation>。%1のは待機が始まる %2 前だった</translation>
    </message>
    <message>
        <source>; it woke %1 after %2</source>
        <translation>。%2 %1 後に起きた</translation>
    </message>
    <message>
        <source>; it woke %1 before %2</source>
        <translation>。%2 %1 前に起きた</translation>
    </message>
    <message>
        <source>The host waited %1 in %2 for %3%4%5.</source>
        <translation>ホストは %2 で %3 を %1 待った%5%4。</translation>
    </message>
    <message>
        <source>a stream wait</source>
        <translation>ストリーム待機</translation>
    </message>
    <message>
        <source> until %1 ended</source>
        <translation>（%1 が終わるまで）</translation>
    </message>
    <message>
        <source> for event %1</source>
        <translation>（イベント %1 を待って）</translation>
    </message>
    <message>
        <source>, which completed when %1 ended</source>
        <translation>。イベントは %1 が終わった時に完了した</translation>
    </message>
    <message>
        <source>%1 stalled %2 in %3%4%5.</source>
        <translation>%1 は %3 で %2 停止した%4%5。</translation>
    </message>
    <message>
        <source>%1() (%2)</source>
        <translation>%1()（%2）</translation>
    </message>
    <message>
        <source>; it waited for %1, which ended %2 into the call</source>
        <translation>。その間に %1 を待ち、それは呼び出しの開始から %2 後に終わった</translation>
    </message>
    <message>
        <source>The host was held %1 in %2: %3%4%5.</source>
        <translation>ホストは %2 の中で %1 止められていた。原因: %3%5%4。</translation>
    </message>
    <message>
        <source>; it woke only %1 after %2, and the trace shows no GPU work it could have waited for in between</source>
        <translation>。%2 %1 後にようやく起きたが、その間に待ちうる GPU の処理はトレースにない</translation>
    </message>
    <message>
        <source>%1, launched before the trace began</source>
        <translation>%1（トレースの開始前に起動されたもの）</translation>
    </message>
</context>
<context>
    <name>syncscope</name>
    <message>
        <source>Row %1: %2</source>
        <translation>%1 行目: %2</translation>
    </message>
    <message>
        <source>the batches table is empty</source>
        <translation>バッチ表が空です</translation>
    </message>
    <message>
        <source>edit %1 of row %2</source>
        <translation>%2 行目の %1 を編集</translation>
    </message>
    <message>
        <source>add row %1</source>
        <translation>%1 行目を追加</translation>
    </message>
    <message>
        <source>remove row %1</source>
        <translation>%1 行目を削除</translation>
    </message>
</context>
<context>
    <name>syncscope::BatchTableDelegate</name>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
</context>
<context>
    <name>syncscope::BatchTableModel</name>
    <message>
        <source>spin</source>
        <translation>スピン</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>cudaMalloc</source>
        <translation>cudaMalloc</translation>
    </message>
    <message>
        <source>cudaMallocAsync</source>
        <translation>cudaMallocAsync</translation>
    </message>
    <message>
        <source>Kernel duration in microseconds (spin and compute kernels)</source>
        <translation>カーネルの実行時間（マイクロ秒。スピンと計算のカーネル）</translation>
    </message>
    <message>
        <source>Bytes a memory kernel streams and each allocation takes (MiB = 2^20 bytes)</source>
        <translation>メモリカーネルが読み書きするバイト数と、各割り当ての大きさ（MiB = 2^20 バイト）</translation>
    </message>
    <message>
        <source>Kernels go round-robin over this many streams</source>
        <translation>カーネルをこの数のストリームにラウンドロビンで割り振る</translation>
    </message>
    <message>
        <source>cudaMalloc/cudaFree around each kernel synchronize implicitly; cudaMallocAsync/cudaFreeAsync are stream-ordered</source>
        <translation>各カーネルの前後の cudaMalloc/cudaFree は暗黙に同期する。cudaMallocAsync/cudaFreeAsync はストリーム順序で動く</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>バッチ数</translation>
    </message>
    <message>
        <source>Kernels/batch</source>
        <translation>カーネル数/バッチ</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>ストリーム数</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Duration µs</source>
        <translation>時間 µs</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>グリッド</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>ブロック</translation>
    </message>
    <message>
        <source>Allocation</source>
        <translation>割り当て</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>バイト数</translation>
    </message>
</context>
<context>
    <name>syncscope::CodeView</name>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>CUDA runtime</source>
        <translation>CUDA ランタイム</translation>
    </message>
    <message>
        <source>Run or open a scenario to see it as PyTorch and CUDA code.</source>
        <translation>シナリオを実行するか開くと、PyTorch と CUDA のコードとして表示されます。</translation>
    </message>
</context>
<context>
    <name>syncscope::CompareFeature</name>
    <message>
        <source>Compare &amp;With…</source>
        <translation>比較(&amp;W)…</translation>
    </message>
    <message>
        <source>Show the run on screen above another run or a recording, on one time axis, with a table of what differs</source>
        <translation>画面上の実行を別の実行や記録と同じ時間軸で上下に並べ、違いを表にする</translation>
    </message>
    <message>
        <source>A scenario or trace file…</source>
        <translation>シナリオまたはトレースのファイル…</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Compare the run on screen (A) with B — a built-in scenario, or type a path:</source>
        <translation>画面上の実行 (A) を B と比較します。組み込みシナリオを選ぶか、パスを入力してください:</translation>
    </message>
    <message>
        <source>Scenarios and traces (*.json *.gz *.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation>シナリオとトレース (*.json *.gz *.sqlite *.sqlite3 *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>The page&apos;s run has not finished yet: compare once it has</source>
        <translation>このページの実行はまだ終わっていません。終わってから比較してください</translation>
    </message>
</context>
<context>
    <name>syncscope::CompareWindow</name>
    <message>
        <source>Compare — syncscope</source>
        <translation>比較 — syncscope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export Picture…</source>
        <translation>画像をエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation>%1 と比較できません: %2</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>A above, B below; zoom, pan and selection move together.</source>
        <translation>上が A、下が B。ズーム・パン・選択は連動します。</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>比較をエクスポート</translation>
    </message>
    <message>
        <source>Pictures (*.png *.jpg *.svg *.pdf)</source>
        <translation>画像 (*.png *.jpg *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 を書き出しました</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>全体を表示(&amp;F)</translation>
    </message>
    <message>
        <source>Full &amp;Screen</source>
        <translation>全画面(&amp;S)</translation>
    </message>
</context>
<context>
    <name>syncscope::CourseFeature</name>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>&amp;Code</source>
        <translation>コード(&amp;C)</translation>
    </message>
    <message>
        <source>The scenario as the PyTorch program and the CUDA runtime calls it stands for, one line a step</source>
        <translation>シナリオを PyTorch のプログラムと、それが表す CUDA ランタイム呼び出しとして 1 ステップ 1 行で表示</translation>
    </message>
    <message>
        <source>Start &amp;Page</source>
        <translation>スタートページ(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Course</source>
        <translation>コース(&amp;C)</translation>
    </message>
    <message>
        <source>The article&apos;s seven claims, then the sync modes: one page a scenario</source>
        <translation>記事の 7 つの主張、続いて同期モード: 1 ページに 1 シナリオ</translation>
    </message>
    <message>
        <source>Cannot start the course</source>
        <translation>コースを開始できません</translation>
    </message>
    <message>
        <source>Left the course (Help ▸ Course goes back)</source>
        <translation>コースを離れました（ヘルプ ▸ コースで戻れます）</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) of this line on the timeline</source>
        <translation>
            <numerusform>この行のイベント %n 件がタイムライン上にあります</numerusform>
        </translation>
    </message>
    <message>
        <source>The Code pane stays closed to give the timeline room: Ctrl+Shift+P opens it</source>
        <translation>タイムラインの場所を空けるためコード欄は閉じています: Ctrl+Shift+P で開きます</translation>
    </message>
</context>
<context>
    <name>syncscope::ExportFeature</name>
    <message>
        <source>Save &amp;Trace…</source>
        <translation>トレースを保存(&amp;T)…</translation>
    </message>
    <message>
        <source>Save the trace on screen as a syncscope trace (.syncscope.json, .json.gz), with the scenario that ran</source>
        <translation>画面のトレースを、実行したシナリオとともに syncscope トレース (.syncscope.json, .json.gz) として保存します</translation>
    </message>
    <message>
        <source>Export &amp;Perfetto/Chrome JSON…</source>
        <translation>Perfetto/Chrome JSON をエクスポート(&amp;P)…</translation>
    </message>
    <message>
        <source>Chrome Trace Event JSON that ui.perfetto.dev and chrome://tracing open</source>
        <translation>ui.perfetto.dev と chrome://tracing で開ける Chrome Trace Event JSON</translation>
    </message>
    <message>
        <source>Export C&amp;SV…</source>
        <translation>CSV をエクスポート(&amp;S)…</translation>
    </message>
    <message>
        <source>One row per event, for a spreadsheet or pandas</source>
        <translation>1 イベント 1 行。表計算ソフトや pandas 向けです</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>画像をエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>画像をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Writing %1… %2 written</source>
        <translation>%1 を書き込み中… %2 書き込み済み</translation>
    </message>
    <message>
        <source>Save Trace</source>
        <translation>トレースを保存</translation>
    </message>
    <message>
        <source>Export Perfetto/Chrome JSON</source>
        <translation>Perfetto/Chrome JSON をエクスポート</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV をエクスポート</translation>
    </message>
    <message>
        <source>Writing trace</source>
        <translation>トレースの書き込み</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 を書き込み中…</translation>
    </message>
    <message>
        <source>Writing %1 cancelled; nothing was changed</source>
        <translation>%1 の書き込みを取り消しました。何も変更されていません</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 を書き込みました</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 を書き込めませんでした</translation>
    </message>
    <message>
        <source>Cannot write trace</source>
        <translation>トレースを書き込めません</translation>
    </message>
    <message>
        <source>Cannot copy image</source>
        <translation>画像をコピーできません</translation>
    </message>
    <message>
        <source>Timeline image copied to the clipboard</source>
        <translation>タイムラインの画像をクリップボードにコピーしました</translation>
    </message>
</context>
<context>
    <name>syncscope::FilesFeature</name>
    <message>
        <source>Stopped opening %1</source>
        <translation>%1 を開くのを中止しました</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>シナリオを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>シナリオを保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>名前を付けてシナリオを保存(&amp;A)…</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>トレースを開く(&amp;T)…</translation>
    </message>
    <message>
        <source>Open a native trace, a PyTorch profiler trace (.json, .json.gz) or an Nsight Systems SQLite export</source>
        <translation>syncscope のトレース、PyTorch プロファイラのトレース (.json, .json.gz)、Nsight Systems の SQLite エクスポートを開く</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>Unsaved scenario</source>
        <translation>未保存のシナリオ</translation>
    </message>
    <message>
        <source>The scenario you edited has unsaved changes.
Save them before continuing?</source>
        <translation>編集したシナリオに未保存の変更があります。
続ける前に保存しますか?</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>シナリオを開けません</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 を開きました</translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation>ファイルを開けません</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: ファイルがありません</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <source>Cannot open files</source>
        <translation>ファイルを開けません</translation>
    </message>
    <message>
        <source>%1 files chosen; at most %2 ranks open as one timeline</source>
        <translation>%1 個のファイルが選ばれました。1 つのタイムラインで開けるランクは %2 個までです</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n rank file(s)…</source>
        <translation>
            <numerusform>%n 個のランクのファイルを開いています…</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 を開けませんでした</translation>
    </message>
    <message>
        <source>Kept the edited scenario; %1 not opened</source>
        <translation>編集中のシナリオを残しました。%1 は開いていません</translation>
    </message>
    <message numerus="yes">
        <source> (%n warning(s): %1)</source>
        <translation>
            <numerusform>（警告 %n 件: %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>シナリオを開く</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>トレースを開く</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>シナリオを保存</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>シナリオを保存できません</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 を保存しました</translation>
    </message>
</context>
<context>
    <name>syncscope::FindingsDock</name>
    <message>
        <source>Findings</source>
        <translation>診断</translation>
    </message>
    <message>
        <source>Open a trace: its synchronization mistakes are listed here.</source>
        <translation>トレースを開くと、同期の誤りがここに並ぶ。</translation>
    </message>
    <message>
        <source>Looking for synchronization mistakes…</source>
        <translation>同期の誤りを探しています…</translation>
    </message>
    <message>
        <source>No synchronization mistake found.</source>
        <translation>同期の誤りは見つからなかった。</translation>
    </message>
    <message>
        <source>Open the lesson that shows it</source>
        <translation>これを示すレッスンを開く</translation>
    </message>
    <message>
        <source>One finding. Click an occurrence to see it on the timeline.</source>
        <translation>指摘 1 件。発生箇所をクリックするとタイムラインで表示する。</translation>
    </message>
    <message>
        <source>%1 findings, ranked by the GPU time at stake. Click an occurrence to see it on the timeline.</source>
        <translation>指摘 %1 件（影響する GPU 時間の大きい順）。発生箇所をクリックするとタイムラインで表示する。</translation>
    </message>
    <message>
        <source>once</source>
        <translation>1 回</translation>
    </message>
    <message>
        <source>%1 times</source>
        <translation>%1 回</translation>
    </message>
    <message>
        <source>GPU idle %1</source>
        <translation>GPU アイドル %1</translation>
    </message>
    <message>
        <source> (%1% of the GPU&apos;s time)</source>
        <translation>（GPU 時間の %1%）</translation>
    </message>
    <message>
        <source>host blocked %1</source>
        <translation>ホストのブロック %1</translation>
    </message>
    <message>
        <source>a timer after it misses %1 of GPU work</source>
        <translation>この後のタイマーは GPU の処理 %1 を取りこぼす</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>理由:</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>直し方:</translation>
    </message>
    <message>
        <source>First at:</source>
        <translation>最初の発生箇所:</translation>
    </message>
</context>
<context>
    <name>syncscope::GuardedApplication</name>
    <message>
        <source>an unknown exception</source>
        <translation>不明な例外</translation>
    </message>
    <message>
        <source>syncscope ran out of memory and abandoned the last action. Your documents are still open: save what you need, close large traces, and try again.</source>
        <translation>メモリが足りなくなったため、syncscope は直前の操作を中止しました。開いているドキュメントはそのままです。必要なものを保存し、大きなトレースを閉じてから、もう一度お試しください。</translation>
    </message>
    <message>
        <source>An internal error stopped the last action: %1. Your documents are still open: save what you need. Please report this, with what you did.</source>
        <translation>内部エラーのため直前の操作を中止しました: %1。開いているドキュメントはそのままです。必要なものを保存してください。行った操作を添えて、この問題を報告してください。</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>内部エラー</translation>
    </message>
</context>
<context>
    <name>syncscope::HandoutExport</name>
    <message>
        <source>Course &amp;Handouts…</source>
        <translation>コースの配布資料(&amp;H)…</translation>
    </message>
    <message>
        <source>Every course page (claim, truth, the run, where to look, the code) as a PNG, and all of them as one PDF to print</source>
        <translation>コースの各ページ（主張、事実、実行、見どころ、コード）を PNG に、全ページを印刷用の PDF 1 つに書き出す</translation>
    </message>
    <message>
        <source>Write the Course Handouts Into</source>
        <translation>コースの配布資料の書き出し先</translation>
    </message>
    <message>
        <source>The course could not be read: %1</source>
        <translation>コースを読めなかった: %1</translation>
    </message>
    <message>
        <source>Running the course&apos;s scenarios…</source>
        <translation>コースのシナリオを実行中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Course Handouts</source>
        <translation>コースの配布資料</translation>
    </message>
    <message>
        <source>No handouts written: %1</source>
        <translation>配布資料は書き出されなかった: %1</translation>
    </message>
    <message>
        <source>Drawing the pages…</source>
        <translation>ページを描画中…</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n course page(s) and %1 to %2</source>
        <translation>
            <numerusform>コースの %n ページと %1 を %2 に書き出した</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Handouts cancelled after %n page(s)</source>
        <translation>
            <numerusform>配布資料の書き出しを %n ページで取り消した</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>syncscope::HelpFeature</name>
    <message>
        <source>&amp;Sync Modes…</source>
        <translation>同期モード一覧(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;About syncscope</source>
        <translation>syncscope について(&amp;A)</translation>
    </message>
    <message>
        <source>Sync modes</source>
        <translation>同期モード</translation>
    </message>
    <message>
        <source>&lt;h2&gt;The sync-mode catalogue&lt;/h2&gt;&lt;p&gt;Each mode: what it calls, its PyTorch equivalent, who blocks and what it waits for.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;同期モード一覧&lt;/h2&gt;&lt;p&gt;各モードについて、呼び出す API、PyTorch での書き方、ブロックされるもの、待つ対象を示します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About syncscope</source>
        <translation>syncscope について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;syncscope %1&lt;/h3&gt;&lt;p&gt;See GPU synchronization: batches of kernels on CUDA streams, run on a real GPU (recorded with CUPTI) or on a faithful simulator, shown on one time axis with every host wait and what it waited for.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;syncscope %1&lt;/h3&gt;&lt;p&gt;GPU の同期を目で見る: CUDA ストリーム上のカーネルのバッチを、実際の GPU（CUPTI で記録）または忠実なシミュレータで実行し、ホストのすべての待機とその待機対象を 1 本の時間軸に表示します。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>syncscope::ImageExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation>画像のエクスポート</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Pixel density of PNG/JPEG (2 = crisp on HiDPI projectors); the layout stays the same</source>
        <translation>PNG/JPEG のピクセル密度（2 で高解像度プロジェクタでもくっきり）。レイアウトは変わりません</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>キャプション</translation>
    </message>
    <message>
        <source>automatic: scenario, sync mode, engine, device, date</source>
        <translation>自動: シナリオ、同期モード、エンジン、デバイス、日付</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>凡例</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>倍率</translation>
    </message>
    <message>
        <source>PNG image (*.png);;JPEG image (*.jpg *.jpeg);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 画像 (*.png);;JPEG 画像 (*.jpg *.jpeg);;SVG 図 (*.svg);;PDF 文書 (*.pdf)</translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation>書き出すファイルを選んでください。</translation>
    </message>
    <message>
        <source>Could not export %1:
%2</source>
        <translation>%1 をエクスポートできませんでした:
%2</translation>
    </message>
</context>
<context>
    <name>syncscope::ImportedTracePage</name>
    <message>
        <source>No scenario produced this trace, so the scenario editor&apos;s batches, sync mode and schedule say nothing about it. The timeline and the run summary show what it holds; it stays on screen until you open something else or run a scenario.</source>
        <translation>このトレースはシナリオから作られたものではないため、シナリオエディタのバッチ・同期モード・スケジュールはこのトレースとは関係ありません。内容はタイムラインと実行サマリーに表示されます。別のものを開くか、シナリオを実行するまで画面に残ります。</translation>
    </message>
    <message>
        <source>Edit a Scenario</source>
        <translation>シナリオを編集</translation>
    </message>
    <message>
        <source>Back to the scenario editor, with the scenario it held; running it replaces this trace on screen</source>
        <translation>シナリオエディタに戻ります (編集中の内容はそのまま)。実行すると、このトレースに代わってその結果が表示されます</translation>
    </message>
    <message>
        <source>Open the Library</source>
        <translation>ライブラリを開く</translation>
    </message>
    <message>
        <source>Pick a built-in scenario to open and run</source>
        <translation>組み込みシナリオを選んで開き、実行します</translation>
    </message>
    <message>
        <source>Imported trace</source>
        <translation>インポートしたトレース</translation>
    </message>
    <message>
        <source>Trace without a scenario</source>
        <translation>シナリオのないトレース</translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto JSON)</source>
        <translation>PyTorch プロファイラ (Kineto JSON)</translation>
    </message>
    <message>
        <source>Nsight Systems (SQLite export)</source>
        <translation>Nsight Systems (SQLite エクスポート)</translation>
    </message>
    <message>
        <source>syncscope simulator</source>
        <translation>syncscope シミュレータ</translation>
    </message>
    <message>
        <source>syncscope CUDA engine</source>
        <translation>syncscope CUDA エンジン</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>記録なし</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>記録元</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク数</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>イベント数</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>レーン</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Time span</source>
        <translation>時間幅</translation>
    </message>
    <message>
        <source>no events</source>
        <translation>イベントなし</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>1 SM</source>
        <translation>SM 1 基</translation>
    </message>
    <message>
        <source>%1 SMs</source>
        <translation>SM %1 基</translation>
    </message>
    <message>
        <source>1 flow</source>
        <translation>フロー 1 件</translation>
    </message>
    <message>
        <source>%1 flows</source>
        <translation>フロー %1 件</translation>
    </message>
    <message>
        <source>1 host thread</source>
        <translation>ホストスレッド 1 本</translation>
    </message>
    <message>
        <source>%1 host threads</source>
        <translation>ホストスレッド %1 本</translation>
    </message>
    <message>
        <source>1 stream</source>
        <translation>ストリーム 1 本</translation>
    </message>
    <message>
        <source>%1 streams</source>
        <translation>ストリーム %1 本</translation>
    </message>
    <message>
        <source>1 copy engine</source>
        <translation>コピーエンジン 1 基</translation>
    </message>
    <message>
        <source>%1 copy engines</source>
        <translation>コピーエンジン %1 基</translation>
    </message>
    <message>
        <source>1 annotation lane</source>
        <translation>注釈レーン 1 本</translation>
    </message>
    <message>
        <source>%1 annotation lanes</source>
        <translation>注釈レーン %1 本</translation>
    </message>
    <message>
        <source>1 other lane</source>
        <translation>その他のレーン 1 本</translation>
    </message>
    <message>
        <source>%1 other lanes</source>
        <translation>その他のレーン %1 本</translation>
    </message>
    <message>
        <source>1 sample</source>
        <translation>サンプル 1 件</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>サンプル %1 件</translation>
    </message>
</context>
<context>
    <name>syncscope::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
</context>
<context>
    <name>syncscope::LessonPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 前へ</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>次へ ▶</translation>
    </message>
    <message>
        <source>Leave (Esc)</source>
        <translation>終了 (Esc)</translation>
    </message>
    <message>
        <source>Compare (C)</source>
        <translation>比較 (C)</translation>
    </message>
    <message>
        <source>This run and the one it compares with, on one time axis</source>
        <translation>この実行と比較対象を 1 本の時間軸で表示</translation>
    </message>
    <message>
        <source>Page Up, Left, Shift+Space</source>
        <translation>Page Up、←、Shift+Space</translation>
    </message>
    <message>
        <source>Page Down, Right, Space</source>
        <translation>Page Down、→、Space</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>主張</translation>
    </message>
    <message>
        <source>Truth</source>
        <translation>事実</translation>
    </message>
    <message>
        <source>Look at</source>
        <translation>見どころ</translation>
    </message>
    <message>
        <source>The article&apos;s claim %1 of 7 · %2</source>
        <translation>記事の主張 %1 / 7 · %2</translation>
    </message>
    <message>
        <source>Sync modes · %1</source>
        <translation>同期モード · %1</translation>
    </message>
    <message>
        <source>compare with: %1 (builtin:%2) — press C</source>
        <translation>比較対象: %1 (builtin:%2) — C キーで比較</translation>
    </message>
    <message>
        <source>In short</source>
        <translation>要点</translation>
    </message>
    <message>
        <source>Myth</source>
        <translation>誤解</translation>
    </message>
</context>
<context>
    <name>syncscope::MainWindow</name>
    <message>
        <source>Library</source>
        <translation>ライブラリ</translation>
    </message>
    <message>
        <source>Run summary</source>
        <translation>実行の概要</translation>
    </message>
    <message>
        <source>Click an event in the timeline to see what it is and, for a wait, what it waited for.</source>
        <translation>タイムライン上のイベントをクリックすると、その内容と、待機なら何を待っていたかが表示されます。</translation>
    </message>
    <message>
        <source>Event details</source>
        <translation>イベントの詳細</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Ready. Pick a scenario in the Library, or edit the batches and press Run (Ctrl+R).</source>
        <translation>準備完了。ライブラリからシナリオを選ぶか、バッチを編集して「実行」(Ctrl+R) を押してください。</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n 件のイベント</numerusform>
        </translation>
    </message>
    <message>
        <source>Range statistics</source>
        <translation>範囲の統計</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>無題</translation>
    </message>
</context>
<context>
    <name>syncscope::MemoryPlot</name>
    <message>
        <source>device used</source>
        <translation>デバイス使用量</translation>
    </message>
    <message>
        <source>pool reserved</source>
        <translation>プール予約量</translation>
    </message>
    <message>
        <source>pool used</source>
        <translation>プール使用量</translation>
    </message>
    <message>
        <source>PyTorch allocated</source>
        <translation>PyTorch 確保済み</translation>
    </message>
    <message>
        <source>PyTorch reserved</source>
        <translation>PyTorch 予約済み</translation>
    </message>
    <message>
        <source>memory (%1)</source>
        <translation>メモリ (%1)</translation>
    </message>
</context>
<context>
    <name>syncscope::OpenProgress</name>
    <message>
        <source>Cancel</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Stop opening this file; the timeline keeps what it shows</source>
        <translation>このファイルを開くのを中止する (タイムラインは今の表示のまま)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込んでいます…</translation>
    </message>
    <message>
        <source>Indexing %1 for the timeline…</source>
        <translation>タイムライン用に %1 の索引を作っています…</translation>
    </message>
</context>
<context>
    <name>syncscope::OverviewStrip</name>
    <message>
        <source>Overview of the whole trace: darker is busier. Click or drag to move the view, drag the window&apos;s edges to zoom.</source>
        <translation>トレース全体の概要：色が濃いほど稼働しています。クリックまたはドラッグで表示を移動し、枠の端をドラッグすると拡大・縮小します。</translation>
    </message>
    <message>
        <source>host</source>
        <translation>ホスト</translation>
    </message>
</context>
<context>
    <name>syncscope::ProgramRecorder</name>
    <message>
        <source>A recording is in progress: stop it first.</source>
        <translation>記録中です。先に停止してください。</translation>
    </message>
    <message>
        <source>syncscope-cli, which records, is not installed beside this window (set SYNCSCOPE_CLI to where it is).</source>
        <translation>記録を行う syncscope-cli がこのウィンドウと同じ場所にありません（SYNCSCOPE_CLI にその場所を設定してください）。</translation>
    </message>
    <message>
        <source>Cannot make a folder for the recording: %1</source>
        <translation>記録用のフォルダを作れません: %1</translation>
    </message>
    <message>
        <source>Cannot start syncscope-cli: %1</source>
        <translation>syncscope-cli を起動できません: %1</translation>
    </message>
    <message>
        <source>syncscope-cli crashed while recording.</source>
        <translation>記録中に syncscope-cli が異常終了しました。</translation>
    </message>
</context>
<context>
    <name>syncscope::RangeStatsModel</name>
    <message>
        <source>(unnamed)</source>
        <translation>（名前なし）</translation>
    </message>
    <message>
        <source>Clipped to the range: an event half inside counts half its time</source>
        <translation>範囲で切り取った値：半分だけ範囲内にあるイベントは時間の半分を数えます</translation>
    </message>
    <message>
        <source>Of the whole events that overlap the range, not clipped</source>
        <translation>範囲と重なるイベント全体の値（切り取りなし）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Total (clipped)</source>
        <translation>合計（切り取り）</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>% of range</source>
        <translation>範囲に占める %</translation>
    </message>
    <message>
        <source>The part of the range these events cover, each moment once: nested frames and the same op on several lanes do not add up past 100 %</source>
        <translation>これらのイベントが範囲のうち占める割合。各時刻は一度だけ数える。入れ子のフレームや複数レーンの同じ処理を足しても 100 % を超えない</translation>
    </message>
</context>
<context>
    <name>syncscope::RangeStatsPanel</name>
    <message>
        <source>&amp;Copy as TSV</source>
        <translation>TSV としてコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected rows, or all rows, as tab-separated text</source>
        <translation>選択した行（なければすべての行）をタブ区切りのテキストとしてコピーします</translation>
    </message>
    <message>
        <source>Drag along the time axis under the lanes to pick a range; its events show here.</source>
        <translation>レーンの下の時間軸に沿ってドラッグして範囲を選ぶと、その範囲のイベントがここに表示されます。</translation>
    </message>
    <message numerus="yes">
        <source>Hidden lanes are not counted (%n hidden).</source>
        <translation>
            <numerusform>非表示のレーンは数えません（%n 本が非表示）。</numerusform>
        </translation>
    </message>
    <message>
        <source>All lanes are counted.</source>
        <translation>すべてのレーンを数えています。</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2 (%3), %n event(s). Host blocked %4, stream waits %5, GPU busy %6, GPU idle %7.</source>
        <translation>
            <numerusform>%1 – %2（%3）、%n 件のイベント。ホストのブロック %4、ストリーム待ち %5、GPU 稼働 %6、GPU アイドル %7。</numerusform>
        </translation>
    </message>
    <message>
        <source>Total and % are clipped to the range; count, mean, min and max are of the whole events. Host and GPU figures cover every lane.</source>
        <translation>合計と % は範囲で切り取った値、回数・平均・最小・最大はイベント全体の値です。ホストと GPU の数値はすべてのレーンが対象です。</translation>
    </message>
    <message>
        <source>host blocked %1</source>
        <translation>ホストのブロック %1</translation>
    </message>
    <message>
        <source>host launching %1</source>
        <translation>ホストの起動処理 %1</translation>
    </message>
    <message>
        <source>host elsewhere %1</source>
        <translation>ホストの別の処理 %1</translation>
    </message>
    <message>
        <source>other stream %1</source>
        <translation>別ストリーム待ち %1</translation>
    </message>
    <message>
        <source>GPU latency %1</source>
        <translation>GPU の起動遅延 %1</translation>
    </message>
    <message>
        <source>late rank %1</source>
        <translation>遅れたランク %1</translation>
    </message>
    <message>
        <source>unexplained %1</source>
        <translation>説明できない時間 %1</translation>
    </message>
    <message>
        <source>GPU idle by cause: %1.</source>
        <translation>GPU アイドルの原因: %1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>host computing %1</source>
        <translation>ホストの計算 %1</translation>
    </message>
    <message>
        <source>Python %1</source>
        <translation>Python %1</translation>
    </message>
    <message>
        <source>one-time setup %1</source>
        <translation>一度きりの初期化 %1</translation>
    </message>
    <message>
        <source>profiler %1</source>
        <translation>プロファイラ %1</translation>
    </message>
</context>
<context>
    <name>syncscope::RankTable</name>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Makespan</source>
        <translation>総所要時間</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU 稼働時間</translation>
    </message>
    <message>
        <source>Host blocked</source>
        <translation>ホストのブロック時間</translation>
    </message>
    <message>
        <source>NCCL kernels</source>
        <translation>NCCL カーネル</translation>
    </message>
    <message>
        <source>Waited for others</source>
        <translation>他ランク待ち</translation>
    </message>
    <message>
        <source>Sum over the NCCL collectives of the time from this rank&apos;s kernel start to the last rank&apos;s</source>
        <translation>各 NCCL 集団通信について、このランクのカーネル開始から最後に到着したランクの開始までの時間の合計</translation>
    </message>
</context>
<context>
    <name>syncscope::RecentFiles</name>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>一覧を消去</translation>
    </message>
</context>
<context>
    <name>syncscope::RecordDialog</name>
    <message>
        <source>Record Program</source>
        <translation>プログラムを記録</translation>
    </message>
    <message>
        <source>Open a Trace…</source>
        <translation>トレースを開く…</translation>
    </message>
    <message>
        <source>The program and its arguments, quoted as in a shell ($VARIABLES and globs expand; pipes and redirections need sh -c &apos;…&apos;). Recent commands are in the list.</source>
        <translation>プログラムと引数。引用符はシェルと同じです（$変数とワイルドカードは展開されます。パイプやリダイレクトには sh -c &apos;…&apos; を使ってください）。最近のコマンドは一覧にあります。</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>コマンド(&amp;C):</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>作業フォルダ(&amp;W):</translation>
    </message>
    <message>
        <source>NAME=VALUE, one a line (e.g. CUDA_VISIBLE_DEVICES=0)</source>
        <translation>1 行に 1 つ NAME=VALUE（例: CUDA_VISIBLE_DEVICES=0）</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>環境変数(&amp;E):</translation>
    </message>
    <message>
        <source>Mark the torch-level sync calls (Python hook)</source>
        <translation>torch レベルの同期呼び出しに印を付ける（Python フック）</translation>
    </message>
    <message>
        <source>torch.cpu.synchronize() makes no CUDA call: without the hook it cannot be seen. The hook patches nothing else (docs/python-hook.md).</source>
        <translation>torch.cpu.synchronize() は CUDA を一切呼びません。フックがなければ見えません。フックはそれ以外を何も書き換えません（docs/python-hook.md）。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Begin recording this long after each process starts</source>
        <translation>各プロセスの開始からこの時間が経ってから記録を始めます</translation>
    </message>
    <message>
        <source>to the end</source>
        <translation>最後まで</translation>
    </message>
    <message>
        <source>Record this long; the program runs on unrecorded</source>
        <translation>この時間だけ記録します。プログラムはその後も記録なしで動き続けます</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>記録時間:</translation>
    </message>
    <message>
        <source>&amp;Delay:</source>
        <translation>遅延(&amp;D):</translation>
    </message>
    <message>
        <source>all (or nvtx:NAME, or cudaProfilerApi)</source>
        <translation>すべて（または nvtx:NAME、cudaProfilerApi）</translation>
    </message>
    <message>
        <source>Keep only the NVTX ranges named NAME, or what lies between cudaProfilerStart() and cudaProfilerStop()</source>
        <translation>NAME という名前の NVTX 範囲、または cudaProfilerStart() から cudaProfilerStop() までだけを残します</translation>
    </message>
    <message>
        <source>C&amp;apture range:</source>
        <translation>記録範囲(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Save to:</source>
        <translation>保存先(&amp;S):</translation>
    </message>
    <message>
        <source>The timeline grows while the program runs. Stop (Shift+F5) ends the program and keeps what was recorded.</source>
        <translation>プログラムの実行中もタイムラインは伸びていきます。停止（Shift+F5）でプログラムを終わらせ、それまでの記録を残します。</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>記録(&amp;R)</translation>
    </message>
    <message>
        <source>&lt;b&gt;No CUDA GPU can be recorded here&lt;/b&gt; (%1). Recording needs one. You can open a trace recorded elsewhere instead: a PyTorch profiler trace or an Nsight Systems export.</source>
        <translation>&lt;b&gt;ここには記録できる CUDA GPU がありません&lt;/b&gt;（%1）。記録には GPU が必要です。代わりに、別のマシンで記録したトレース（PyTorch プロファイラのトレースや Nsight Systems のエクスポート）を開けます。</translation>
    </message>
    <message>
        <source>Working Folder</source>
        <translation>作業フォルダ</translation>
    </message>
    <message>
        <source>Save the Recording As</source>
        <translation>記録の保存先</translation>
    </message>
    <message>
        <source>syncscope trace (*.json.gz *.json)</source>
        <translation>syncscope トレース (*.json.gz *.json)</translation>
    </message>
    <message>
        <source>Save to: cannot make the folder %1</source>
        <translation>保存先: フォルダ %1 を作れません</translation>
    </message>
</context>
<context>
    <name>syncscope::RecordFeature</name>
    <message>
        <source>Record &amp;Program…</source>
        <translation>プログラムを記録(&amp;P)…</translation>
    </message>
    <message>
        <source>Run a program of yours (python3 train.py…) and record its syncs</source>
        <translation>自分のプログラム（python3 train.py など）を実行し、その同期を記録します</translation>
    </message>
    <message>
        <source>S&amp;top Recording</source>
        <translation>記録を停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the recorded program and keep what was recorded</source>
        <translation>記録中のプログラムを止め、それまでの記録を残します</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the program and keep what was recorded (Shift+F5); press again to stop it harder</source>
        <translation>プログラムを止め、それまでの記録を残します（Shift+F5）。もう一度押すとより強く止めます</translation>
    </message>
    <message>
        <source>A recording is in progress: stop it first.</source>
        <translation>記録中です。先に停止してください。</translation>
    </message>
    <message>
        <source>Cannot record</source>
        <translation>記録できません</translation>
    </message>
    <message>
        <source>Recording “%1”… Stop (Shift+F5) keeps what was recorded.</source>
        <translation>「%1」を記録中… 停止（Shift+F5）してもそれまでの記録は残ります。</translation>
    </message>
    <message>
        <source>Stopping the program; the trace so far is being saved…</source>
        <translation>プログラムを停止しています。ここまでのトレースを保存中…</translation>
    </message>
    <message>
        <source>Stopping the program harder (press again to kill it)…</source>
        <translation>プログラムをより強く停止しています（もう一度押すと強制終了）…</translation>
    </message>
    <message>
        <source>stopping %1</source>
        <translation>停止中 %1</translation>
    </message>
    <message>
        <source>● recording %1</source>
        <translation>● 記録中 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n process(es)</source>
        <translation>
            <numerusform>%n プロセス</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 件のイベント</translation>
    </message>
    <message>
        <source>Recording failed</source>
        <translation>記録に失敗しました</translation>
    </message>
    <message>
        <source>No trace was written.</source>
        <translation>トレースは書き出されませんでした。</translation>
    </message>
    <message>
        <source>Nothing recorded: %1</source>
        <translation>何も記録されませんでした: %1</translation>
    </message>
    <message>
        <source>Nothing recorded</source>
        <translation>何も記録されませんでした</translation>
    </message>
    <message>
        <source>Recording stopped; what was recorded is in %1</source>
        <translation>記録を停止しました。記録した内容は %1 にあります</translation>
    </message>
    <message>
        <source>The program exited with status %1; its trace is in %2</source>
        <translation>プログラムは終了ステータス %1 で終わりました。トレースは %2 にあります</translation>
    </message>
    <message>
        <source>Recorded: %1</source>
        <translation>記録しました: %1</translation>
    </message>
    <message>
        <source>(File ▸ Open Recent)</source>
        <translation>（ファイル ▸ 最近使ったファイル）</translation>
    </message>
    <message>
        <source>Recording in progress</source>
        <translation>記録中</translation>
    </message>
    <message>
        <source>“%1” is being recorded. Stop it and keep what was recorded?</source>
        <translation>「%1」を記録中です。停止して、それまでの記録を残しますか？</translation>
    </message>
</context>
<context>
    <name>syncscope::RecordRequest</name>
    <message>
        <source>Command: type the program to record, e.g. python3 train.py</source>
        <translation>コマンド: 記録するプログラムを入力してください（例: python3 train.py）</translation>
    </message>
    <message>
        <source>Command: | &amp; ; &lt; &gt; ( ) { } need a shell; record sh -c &apos;…&apos; to use them</source>
        <translation>コマンド: | &amp; ; &lt; &gt; ( ) { } にはシェルが必要です。使うときは sh -c &apos;…&apos; を記録してください</translation>
    </message>
    <message>
        <source>Command: $(…) and `…` are not run here; record sh -c &apos;…&apos; to use them</source>
        <translation>コマンド: $(…) や `…` はここでは実行しません。使うときは sh -c &apos;…&apos; を記録してください</translation>
    </message>
    <message>
        <source>Command: a quote is not closed</source>
        <translation>コマンド: 引用符が閉じていません</translation>
    </message>
    <message>
        <source>Command: cannot be read as a command line</source>
        <translation>コマンド: コマンドラインとして読めません</translation>
    </message>
    <message>
        <source>Working folder: %1 is not a folder</source>
        <translation>作業フォルダ: %1 はフォルダではありません</translation>
    </message>
    <message>
        <source>Capture range: give nvtx:NAME or cudaProfilerApi</source>
        <translation>記録範囲: nvtx:NAME か cudaProfilerApi を指定してください</translation>
    </message>
    <message>
        <source>Delay and duration cannot be negative</source>
        <translation>遅延と記録時間は負にできません</translation>
    </message>
    <message>
        <source>Save to: name the trace file</source>
        <translation>保存先: トレースのファイル名を指定してください</translation>
    </message>
    <message>
        <source>Save to: %1 is a folder</source>
        <translation>保存先: %1 はフォルダです</translation>
    </message>
    <message>
        <source>Save to: the folder %1 does not exist</source>
        <translation>保存先: フォルダ %1 がありません</translation>
    </message>
    <message>
        <source>Environment, line %1: “%2” is not NAME=VALUE</source>
        <translation>環境変数 %1 行目: 「%2」は NAME=VALUE の形ではありません</translation>
    </message>
    <message>
        <source>Environment, line %1: “%2” is not a variable name</source>
        <translation>環境変数 %1 行目: 「%2」は変数名として使えません</translation>
    </message>
</context>
<context>
    <name>syncscope::ReplayBar</name>
    <message>
        <source>Replay</source>
        <translation>リプレイ</translation>
    </message>
    <message>
        <source>Play the run back slowly: events appear as they start and grow until they complete</source>
        <translation>実行をゆっくり再生する: イベントは開始時に現れ、完了するまで伸びていく</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Play or pause the replay (Space on the timeline)</source>
        <translation>リプレイを再生・一時停止（タイムライン上で Space）</translation>
    </message>
    <message>
        <source>◀ Sync</source>
        <translation>◀ 同期</translation>
    </message>
    <message>
        <source>Back to the previous sync moment (a host wait or sync call begins or ends)</source>
        <translation>前の同期の瞬間へ戻る（ホストの待機や同期呼び出しの開始・終了）</translation>
    </message>
    <message>
        <source>Sync ▶</source>
        <translation>同期 ▶</translation>
    </message>
    <message>
        <source>On to the next sync moment</source>
        <translation>次の同期の瞬間へ進む</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>遅く</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>速く</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>speed %1</source>
        <translation>速度 %1</translation>
    </message>
    <message>
        <source>now %1 of %2 at %3</source>
        <translation>現在 %1 / %2（速度 %3）</translation>
    </message>
</context>
<context>
    <name>syncscope::RunFeature</name>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>実行を中止(&amp;C)</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) so far</source>
        <translation>
            <numerusform>これまでに %n 件のイベント</numerusform>
        </translation>
    </message>
    <message>
        <source>CUDA: %1</source>
        <translation>CUDA: %1</translation>
    </message>
    <message>
        <source>CUDA unavailable · simulator</source>
        <translation>CUDA なし · シミュレータ</translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation>実行できません</translation>
    </message>
    <message>
        <source>The edited steps do not make a valid scenario:
%1</source>
        <translation>編集したステップは有効なシナリオになりません:
%1</translation>
    </message>
    <message>
        <source>The batches table does not make a valid scenario:
%1</source>
        <translation>バッチ表から正しいシナリオを作れません:
%1</translation>
    </message>
    <message>
        <source>Running “%1”…</source>
        <translation>「%1」を実行中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>中止しています…</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>完了</translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n event(s).</source>
        <translation>
            <numerusform>実行完了: %n 件のイベント。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run cancelled; showing the %n event(s) that ran before.</source>
        <translation>
            <numerusform>実行を中止しました。それまでに実行された %n 件のイベントを表示しています。</numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>実行に失敗しました: %1</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>実行に失敗しました</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>エンジンが使えません</translation>
    </message>
    <message>
        <source>The engine gave no reason.</source>
        <translation>エンジンは理由を返しませんでした。</translation>
    </message>
</context>
<context>
    <name>syncscope::RunPanel</name>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Auto (CUDA when available)</source>
        <translation>自動（使えれば CUDA）</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation>シミュレータ</translation>
    </message>
    <message>
        <source>Checking for a CUDA device…</source>
        <translation>CUDA デバイスを確認中…</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Run the scenario (Ctrl+R, F5)</source>
        <translation>シナリオを実行（Ctrl+R、F5）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Stop the run and keep what ran so far (Esc)</source>
        <translation>実行を止め、そこまでの結果を残す（Esc）</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>Simulator (CUDA device: %1)</source>
        <translation>シミュレータ（CUDA デバイス: %1）</translation>
    </message>
    <message>
        <source>CUDA device: %1</source>
        <translation>CUDA デバイス: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;CUDA unavailable:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;CUDA は使えません:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Simulator (CUDA unavailable: %1)</source>
        <translation>シミュレータ（CUDA は使えません: %1）</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>開始中…</translation>
    </message>
</context>
<context>
    <name>syncscope::RunSummary</name>
    <message>
        <source>No run yet. Press Run, or open a trace.</source>
        <translation>まだ実行していません。「実行」を押すか、トレースを開いてください。</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>解析中…</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>イベント数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Makespan</source>
        <translation>総所要時間</translation>
    </message>
    <message>
        <source>First event start to last event end</source>
        <translation>最初のイベントの開始から最後のイベントの終了まで</translation>
    </message>
    <message>
        <source>Host blocked</source>
        <translation>ホストのブロック時間</translation>
    </message>
    <message>
        <source>Time the host thread spent waiting in syncs</source>
        <translation>ホストスレッドが同期で待っていた時間</translation>
    </message>
    <message>
        <source>Host CPU burnt waiting</source>
        <translation>待機で消費したホスト CPU</translation>
    </message>
    <message>
        <source>CPU time spent spinning or polling while waiting</source>
        <translation>待機中にスピンやポーリングで使った CPU 時間</translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation>GPU アイドル</translation>
    </message>
    <message>
        <source>Time between the first and last GPU work with no work on any stream</source>
        <translation>最初と最後の GPU 処理のあいだで、どのストリームにも処理がなかった時間</translation>
    </message>
    <message>
        <source>  caused by syncs</source>
        <translation>  うち同期が原因</translation>
    </message>
    <message>
        <source>Idle gaps that began while the host was blocked in a sync</source>
        <translation>ホストが同期でブロックしている間に始まったアイドル区間</translation>
    </message>
    <message>
        <source>Stream overlap</source>
        <translation>ストリームの重なり</translation>
    </message>
    <message>
        <source>Time with work on two or more GPU lanes at once</source>
        <translation>2 つ以上の GPU レーンで同時に処理があった時間</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>ピークメモリ</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未計測</translation>
    </message>
    <message>
        <source>Peak device memory in use (binary units: 1 GiB = 2^30 bytes)</source>
        <translation>使用中デバイスメモリのピーク（2 進単位: 1 GiB = 2^30 バイト）</translation>
    </message>
    <message>
        <source>Sync calls</source>
        <translation>同期呼び出し数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Invariants:&lt;/b&gt; &lt;span style=&apos;color:#2e7d32&apos;&gt;0 violations&lt;/span&gt; (invariants I1–I34)</source>
        <translation>&lt;b&gt;不変条件:&lt;/b&gt; &lt;span style=&apos;color:#2e7d32&apos;&gt;違反 0 件&lt;/span&gt;（不変条件 I1–I34）</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Invariants:&lt;/b&gt; &lt;span style=&apos;color:#c62828&apos;&gt;%n violation(s)&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;不変条件:&lt;/b&gt; &lt;span style=&apos;color:#c62828&apos;&gt;違反 %n 件&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n warning(s))</source>
        <translation>
            <numerusform>（うち警告 %n 件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Double-click to select the event in the timeline</source>
        <translation>ダブルクリックでタイムライン上のイベントを選択</translation>
    </message>
    <message>
        <source>%1 (%2% of busy time)</source>
        <translation>%1（稼働時間の %2%）</translation>
    </message>
    <message numerus="yes">
        <source>, %n observation(s)</source>
        <translation>
            <numerusform>、観察 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (observation)</source>
        <translation>%1（観察）</translation>
    </message>
    <message>
        <source>at least %1 (%2 of %3 waits not measured)</source>
        <translation>%1 以上（待機 %3 回のうち %2 回は未計測）</translation>
    </message>
</context>
<context>
    <name>syncscope::ScenarioDock</name>
    <message>
        <source>Scenario</source>
        <translation>シナリオ</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>トレース</translation>
    </message>
</context>
<context>
    <name>syncscope::ScenarioEditor</name>
    <message>
        <source>Batches</source>
        <translation>バッチ</translation>
    </message>
    <message>
        <source>My batches</source>
        <translation>マイバッチ</translation>
    </message>
    <message>
        <source>Scenario title</source>
        <translation>シナリオのタイトル</translation>
    </message>
    <message>
        <source>rename scenario</source>
        <translation>シナリオ名の変更</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>Add row</source>
        <translation>行を追加</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>行を削除</translation>
    </message>
    <message>
        <source>Add a row of batches (a copy of the selected row)</source>
        <translation>バッチの行を追加（選択中の行をコピー）</translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation>同期</translation>
    </message>
    <message>
        <source>choose sync mode</source>
        <translation>同期モードの選択</translation>
    </message>
    <message>
        <source>Sync mode</source>
        <translation>同期モード</translation>
    </message>
    <message>
        <source>after each kernel</source>
        <translation>各カーネルの後</translation>
    </message>
    <message>
        <source>after each batch</source>
        <translation>各バッチの後</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>最後に</translation>
    </message>
    <message>
        <source>choose placement</source>
        <translation>同期位置の選択</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>同期の位置</translation>
    </message>
    <message>
        <source>Host waits</source>
        <translation>ホストの待ち方</translation>
    </message>
    <message>
        <source>auto (spin, then yield)</source>
        <translation>自動（スピンのち yield）</translation>
    </message>
    <message>
        <source>spin (cudaDeviceScheduleSpin)</source>
        <translation>スピン (cudaDeviceScheduleSpin)</translation>
    </message>
    <message>
        <source>yield (cudaDeviceScheduleYield)</source>
        <translation>yield: CPU を譲る (cudaDeviceScheduleYield)</translation>
    </message>
    <message>
        <source>blocking sync (sleep)</source>
        <translation>ブロッキング同期（スリープ）</translation>
    </message>
    <message>
        <source>How a waiting host thread waits: it changes wake-up latency and the CPU burnt while waiting</source>
        <translation>待機中のホストスレッドの待ち方。起床の遅れと、待機中に消費する CPU が変わる</translation>
    </message>
    <message>
        <source>choose schedule policy</source>
        <translation>スケジュールポリシーの選択</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>スケジュール</translation>
    </message>
    <message>
        <source>edit as batches</source>
        <translation>バッチとして編集</translation>
    </message>
    <message>
        <source>Cannot generate a scenario: %1</source>
        <translation>シナリオを生成できません: %1</translation>
    </message>
    <message>
        <source>Edit as batches</source>
        <translation>バッチとして編集</translation>
    </message>
    <message>
        <source>Turn the loaded scenario into the simple batches table; what the table cannot hold is listed</source>
        <translation>読み込んだシナリオを簡易バッチ表に変換します。表に収まらないものは一覧で示します</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>The batches table cannot hold everything the scenario had; not converted:</source>
        <translation>バッチ表にはシナリオのすべては収まりません。変換されなかったもの:</translation>
    </message>
    <message>
        <source>These steps cannot run: %1</source>
        <translation>このステップは実行できません: %1</translation>
    </message>
    <message>
        <source>1 stream</source>
        <translation>ストリーム 1 本</translation>
    </message>
    <message>
        <source>%1 streams</source>
        <translation>ストリーム %1 本</translation>
    </message>
    <message>
        <source>1 step</source>
        <translation>1 ステップ</translation>
    </message>
    <message>
        <source>%1 steps</source>
        <translation>%1 ステップ</translation>
    </message>
    <message>
        <source>Edited: the explanation below describes the scenario as it was loaded, not these steps.</source>
        <translation>編集済み: 下の説明は読み込んだときのシナリオのもので、今のステップのものではない。</translation>
    </message>
</context>
<context>
    <name>syncscope::ScenarioLibrary</name>
    <message>
        <source>Filter scenarios</source>
        <translation>シナリオを絞り込む</translation>
    </message>
    <message>
        <source>Open and run</source>
        <translation>開いて実行</translation>
    </message>
    <message>
        <source>Load the selected scenario and run it (or double-click it)</source>
        <translation>選んだシナリオを読み込んで実行（ダブルクリックでも可）</translation>
    </message>
</context>
<context>
    <name>syncscope::SearchBar</name>
    <message>
        <source>Find:</source>
        <translation>検索:</translation>
    </message>
    <message>
        <source>event name</source>
        <translation>イベント名</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>正規表現</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter, Shift+F3)</source>
        <translation>前の一致 (Shift+Enter、Shift+F3)</translation>
    </message>
    <message>
        <source>Next match (Enter, F3)</source>
        <translation>次の一致 (Enter、F3)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>閉じる (Esc)</translation>
    </message>
</context>
<context>
    <name>syncscope::StartPage</name>
    <message>
        <source>syncscope</source>
        <translation>syncscope</translation>
    </message>
    <message>
        <source>See GPU synchronization: when kernels run, when the host waits, and for what.</source>
        <translation>GPU の同期を目で見る: カーネルがいつ走り、ホストがいつ、何を待つのか。</translation>
    </message>
    <message>
        <source>Start the course</source>
        <translation>コースを始める</translation>
    </message>
    <message>
        <source>The article&apos;s seven claims, then the sync modes, one page each: the claim, the truth, and the run that shows it</source>
        <translation>記事の 7 つの主張、続いて同期モードを 1 ページずつ: 主張、事実、そしてそれを示す実行</translation>
    </message>
    <message>
        <source>Open a trace…</source>
        <translation>トレースを開く…</translation>
    </message>
    <message>
        <source>A syncscope trace, a PyTorch profiler trace or an Nsight Systems SQLite export</source>
        <translation>syncscope のトレース、PyTorch プロファイラのトレース、または Nsight Systems の SQLite エクスポート</translation>
    </message>
    <message>
        <source>Open a scenario…</source>
        <translation>シナリオを開く…</translation>
    </message>
    <message>
        <source>A *.syncscope.json scenario file</source>
        <translation>*.syncscope.json のシナリオファイル</translation>
    </message>
    <message>
        <source>For a class: each page states a claim (the article&apos;s Japanese original and in English), runs the scenario that tests it, and says what to look at. Page Down, Space or a presentation clicker turns the page; F11 goes full screen in large type.</source>
        <translation>授業向け: 各ページは主張（記事の日本語の原文と英語）を示し、それを確かめるシナリオを実行し、どこを見ればよいかを伝えます。Page Down、Space、またはプレゼンター用リモコンでページを送り、F11 で大きな文字の全画面表示になります。</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近使ったファイル</translation>
    </message>
    <message>
        <source>No files opened yet</source>
        <translation>まだファイルを開いていません</translation>
    </message>
    <message>
        <source>Record a program…</source>
        <translation>プログラムを記録…</translation>
    </message>
    <message>
        <source>Run a program of yours (python3 train.py…) and see its syncs</source>
        <translation>自分のプログラム（python3 train.py など）を実行し、その同期を見ます</translation>
    </message>
</context>
<context>
    <name>syncscope::StepTableEditor</name>
    <message>
        <source>Add step</source>
        <translation>ステップを追加</translation>
    </message>
    <message>
        <source>Add a copy of the selected step after it</source>
        <translation>選択したステップのコピーをその後ろに追加します</translation>
    </message>
    <message>
        <source>Remove step</source>
        <translation>ステップを削除</translation>
    </message>
    <message>
        <source>Remove the selected step (a repeat with its steps)</source>
        <translation>選択したステップを削除します (repeat はその中のステップごと)</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上へ</translation>
    </message>
    <message>
        <source>Move the selected step before the one above it</source>
        <translation>選択したステップを一つ上へ移動します</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下へ</translation>
    </message>
    <message>
        <source>Move the selected step after the one below it</source>
        <translation>選択したステップを一つ下へ移動します</translation>
    </message>
</context>
<context>
    <name>syncscope::StepTableModel</name>
    <message>
        <source>A %1 step has no such field</source>
        <translation>%1 ステップにはこの項目がありません</translation>
    </message>
    <message>
        <source>The interval between two cudaEventQuery calls</source>
        <translation>cudaEventQuery を呼ぶ間隔</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>ストリーム</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>Step %1, %2: %3</source>
        <translation>ステップ %1、%2: %3</translation>
    </message>
    <message>
        <source>step</source>
        <translation>ステップの種類</translation>
    </message>
    <message>
        <source>“%1” is not a kind of step</source>
        <translation>“%1” はステップの種類ではありません</translation>
    </message>
    <message>
        <source>stream</source>
        <translation>ストリーム</translation>
    </message>
    <message>
        <source>no stream is named “%1”</source>
        <translation>“%1” という名前のストリームはありません</translation>
    </message>
    <message>
        <source>event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>no event is named “%1”</source>
        <translation>“%1” という名前のイベントはありません</translation>
    </message>
    <message>
        <source>sync mode</source>
        <translation>同期モード</translation>
    </message>
    <message>
        <source>“%1” is not a sync mode</source>
        <translation>“%1” は同期モードではありません</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>“%1” is not a number of microseconds from 0 to 3600000000</source>
        <translation>“%1” は 0 から 3600000000 までのマイクロ秒数ではありません</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>バイト数</translation>
    </message>
    <message>
        <source>“%1” is not a size (a whole number of bytes, or e.g. 64 MiB)</source>
        <translation>“%1” はサイズではありません (バイト数の整数、または 64 MiB など)</translation>
    </message>
    <message>
        <source>repeat count</source>
        <translation>繰り返し回数</translation>
    </message>
    <message>
        <source>“%1” is not a whole number from 1 to %2</source>
        <translation>“%1” は 1 から %2 までの整数ではありません</translation>
    </message>
    <message>
        <source>edit step %1</source>
        <translation>ステップ %1 を編集</translation>
    </message>
    <message>
        <source>add step</source>
        <translation>ステップを追加</translation>
    </message>
    <message>
        <source>remove step %1</source>
        <translation>ステップ %1 を削除</translation>
    </message>
    <message>
        <source>move step %1</source>
        <translation>ステップ %1 を移動</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>同期</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>What the step does: a kernel, a copy, a sync call…</source>
        <translation>ステップの種類: カーネル、コピー、同期呼び出しなど</translation>
    </message>
    <message>
        <source>The stream the step is issued on</source>
        <translation>ステップを発行するストリーム</translation>
    </message>
    <message>
        <source>Duration in microseconds (for event_query_poll: the interval between two queries)</source>
        <translation>時間 (マイクロ秒)。event_query_poll では 2 回の問い合わせの間隔</translation>
    </message>
    <message>
        <source>Bytes copied, set or allocated, e.g. 4096 or 64 MiB</source>
        <translation>コピー・設定・確保するバイト数 (例: 4096、64 MiB)</translation>
    </message>
    <message>
        <source>Sync mode: the catalogue mode the step demonstrates</source>
        <translation>同期モード: このステップが示すカタログのモード</translation>
    </message>
    <message>
        <source>The CUDA event the step records, waits for or queries</source>
        <translation>ステップが記録・待機・問い合わせする CUDA イベント</translation>
    </message>
    <message>
        <source>Repeat count: how many times the repeat&apos;s steps run</source>
        <translation>繰り返し回数: repeat の中のステップを実行する回数</translation>
    </message>
    <message>
        <source>Label: the name the step&apos;s events get on the timeline</source>
        <translation>ラベル: タイムライン上でこのステップのイベントに付く名前</translation>
    </message>
</context>
<context>
    <name>syncscope::SyncModePicker</name>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>ブロックするもの</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>待つ対象</translation>
    </message>
</context>
<context>
    <name>syncscope::TimelineView</name>
    <message>
        <source>&amp;Taller Lanes</source>
        <translation>レーンを高く(&amp;T)</translation>
    </message>
    <message>
        <source>Give every lane more height; the lanes scroll when they do not fit</source>
        <translation>すべてのレーンを高くする。収まらないときはスクロールする</translation>
    </message>
    <message>
        <source>&amp;Shorter Lanes</source>
        <translation>レーンを低く(&amp;S)</translation>
    </message>
    <message>
        <source>Fit more lanes on screen (never below one line of label text)</source>
        <translation>画面により多くのレーンを表示（ラベル 1 行分より低くはしない）</translation>
    </message>
    <message>
        <source>Show &amp;Hidden Lanes</source>
        <translation>非表示のレーンを表示(&amp;H)</translation>
    </message>
    <message>
        <source>Bring back the lanes hidden from the lane menu, and the recorder&apos;s own bookkeeping lanes of imported traces</source>
        <translation>レーンメニューで隠したレーンと、読み込んだトレースの記録ツール自身の管理用レーンを再表示する</translation>
    </message>
    <message>
        <source>&amp;Collapse All Lane Groups</source>
        <translation>すべてのレーングループを折りたたむ(&amp;C)</translation>
    </message>
    <message>
        <source>One row per host thread, per GPU and for the other lanes, each drawing all its lanes</source>
        <translation>ホストスレッドごと、GPU ごと、その他のレーンで 1 行ずつにまとめ、各行にそのすべてのレーンを描く</translation>
    </message>
    <message>
        <source>&amp;Expand All Lane Groups</source>
        <translation>すべてのレーングループを展開(&amp;E)</translation>
    </message>
    <message>
        <source>Show &amp;Hidden Lanes (%1)</source>
        <translation>非表示のレーンを表示 (%1)(&amp;H)</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>上へ移動(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>下へ移動(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Hide Lanes of This Group</source>
        <translation>このグループのレーンを隠す(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Hide Lane</source>
        <translation>レーンを隠す(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Expand “%1”</source>
        <translation>「%1」を展開(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Collapse “%1”</source>
        <translation>「%1」を折りたたむ(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Find Events…</source>
        <translation>イベントを検索(&amp;F)…</translation>
    </message>
    <message>
        <source>Search event names on the timeline (text or regular expression)</source>
        <translation>タイムライン上のイベント名を検索（文字列または正規表現）</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>次を検索(&amp;N)</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>前を検索(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概要(&amp;O)</translation>
    </message>
    <message>
        <source>A strip above the lanes with the whole trace&apos;s busy time and the visible window</source>
        <translation>レーンの上に、トレース全体の稼働状況と表示中の範囲を示す帯を出します</translation>
    </message>
    <message>
        <source>Add &amp;Marker</source>
        <translation>マーカーを追加(&amp;M)</translation>
    </message>
    <message>
        <source>Mark the selected event&apos;s start, or the middle of the view (M over the lanes marks the time under the cursor)</source>
        <translation>選択したイベントの開始時刻、または表示の中央にマーカーを置きます（レーンの上で M を押すとカーソル位置の時刻に置きます）</translation>
    </message>
    <message>
        <source>&amp;Previous Marker</source>
        <translation>前のマーカー(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next Marker</source>
        <translation>次のマーカー(&amp;N)</translation>
    </message>
    <message>
        <source>C&amp;lear Markers</source>
        <translation>マーカーをすべて消去(&amp;L)</translation>
    </message>
    <message>
        <source>Move to &amp;Top</source>
        <translation>一番上へ移動(&amp;T)</translation>
    </message>
    <message>
        <source>Show &amp;Nested Calls</source>
        <translation>入れ子の呼び出しを表示(&amp;N)</translation>
    </message>
    <message>
        <source>Fold &amp;Nested Calls</source>
        <translation>入れ子の呼び出しを畳む(&amp;N)</translation>
    </message>
</context>
<context>
    <name>syncscope::TraceSaver</name>
    <message>
        <source>syncscope traces (*.syncscope.json *.json *.json.gz)</source>
        <translation>syncscope トレース (*.syncscope.json *.json *.json.gz)</translation>
    </message>
    <message>
        <source>Chrome Trace Event JSON for Perfetto (*.json)</source>
        <translation>Perfetto 用の Chrome Trace Event JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV, one row per event (*.csv)</source>
        <translation>CSV、1 イベント 1 行 (*.csv)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: out of memory while writing it</source>
        <translation>%1: 書き込み中にメモリが足りなくなりました</translation>
    </message>
</context>
<context>
    <name>syncscope::ViewFeature</name>
    <message>
        <source>Show &amp;Flows</source>
        <translation>フローを表示(&amp;F)</translation>
    </message>
    <message>
        <source>Arrows from launches to kernels, records to waits, waits to the work they waited for</source>
        <translation>起動からカーネルへ、記録から待機へ、待機から待っていた処理への矢印</translation>
    </message>
    <message>
        <source>Show &amp;Legend</source>
        <translation>凡例を表示(&amp;L)</translation>
    </message>
    <message>
        <source>A strip under the timeline naming the colours and shapes on screen</source>
        <translation>画面上の色と形の意味を示す、タイムライン下の帯</translation>
    </message>
    <message>
        <source>&amp;Callouts</source>
        <translation>吹き出し(&amp;C)</translation>
    </message>
    <message>
        <source>The scenario&apos;s notes on the timeline, at the moment each lesson happens</source>
        <translation>シナリオの注記を、それぞれの学びが起きる瞬間にタイムライン上に表示</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>全体を表示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Full Screen Presentation</source>
        <translation>全画面プレゼンテーション(&amp;F)</translation>
    </message>
    <message>
        <source>Full screen in the presentation theme; F11 again goes back</source>
        <translation>プレゼンテーション用テーマで全画面表示。もう一度 F11 で戻る</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>プレゼンテーション(&amp;P)</translation>
    </message>
    <message>
        <source>The interface will be in %1 from the next start.</source>
        <translation>次回の起動から表示言語が %1 になります。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>syncscope shows %1 after a restart. Restart now?</source>
        <translation>syncscope を再起動すると %1 で表示されます。今すぐ再起動しますか?</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>今すぐ再起動</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>あとで</translation>
    </message>
    <message>
        <source>Could not start syncscope again; start it yourself to see %1.</source>
        <translation>syncscope を再起動できませんでした。%1 で表示するには手動で起動してください。</translation>
    </message>
</context>
</TS>
